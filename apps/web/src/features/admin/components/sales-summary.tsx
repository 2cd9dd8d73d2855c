import type { SalesPeriod } from '@toolshop/shared/admin';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import { PeriodChange } from './period-change';

const PERIOD_NAMES: Record<number, { title: string; against: string }> = {
  1: { title: 'Today', against: 'yesterday' },
  7: { title: 'Last 7 days', against: 'the 7 days before' },
  30: { title: 'Last 30 days', against: 'the 30 days before' },
};

/** Revenue, orders and average order value of today, 7 and 30 days, each against the period before. */
export function SalesSummary({ periods }: { periods: SalesPeriod[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {periods.map(({ days, current, previous }) => {
        const names = PERIOD_NAMES[days] ?? { title: `Last ${days} days`, against: 'the period before' };
        return (
          <section
            key={days}
            aria-labelledby={`sales-${days}`}
            className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
          >
            <h3 id={`sales-${days}`} className="font-semibold">
              {names.title}
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <div className="col-span-2">
                <dt className="text-sm text-base-content/70">Revenue</dt>
                <dd className="text-2xl font-bold">{formatPrice(current.revenue)}</dd>
                <dd className="text-sm">
                  <PeriodChange
                    current={current.revenue}
                    previous={previous.revenue}
                    against={names.against}
                  />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/70">Orders</dt>
                <dd className="text-lg font-semibold">{formatCount(current.orders)}</dd>
                <dd className="text-xs">
                  <PeriodChange current={current.orders} previous={previous.orders} against={names.against} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/70">Average order</dt>
                <dd className="text-lg font-semibold">{formatPrice(current.averageOrderValue)}</dd>
                <dd className="text-xs">
                  <PeriodChange
                    current={current.averageOrderValue}
                    previous={previous.averageOrderValue}
                    against={names.against}
                  />
                </dd>
              </div>
            </dl>
          </section>
        );
      })}
    </div>
  );
}
