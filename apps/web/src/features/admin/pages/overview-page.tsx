import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_OVERVIEW_DAYS,
  OVERVIEW_CHART_DAYS,
  type LowStockTool,
  type Overview,
  type TopTool,
} from '@toolshop/shared/admin';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import { paths } from '@toolshop/shared/paths';
import { DataTable } from '../../../components/ui/data-table';
import { formatCalendarDay, formatMoment } from '../../../lib/date-format';
import { useOverview } from '../api';
import { RestockDialog } from '../components/restock-dialog';
import { SalesSummary } from '../components/sales-summary';

// The charting library is downloaded only when this screen draws its chart.
const SalesChart = lazy(async () => ({ default: (await import('../components/sales-chart')).SalesChart }));

/** The chart's period a URL asks for (?days=), one of the periods offered, else the default. */
export function chartDaysOf(params: URLSearchParams): number {
  const asked = Number(params.get('days'));
  return (OVERVIEW_CHART_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_OVERVIEW_DAYS;
}

function useChartDays(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const days = chartDaysOf(params);
  const setDays = (next: number) =>
    setParams(
      (current) => {
        current.set('days', String(next));
        return current;
      },
      { replace: true },
    );
  return [days, setDays];
}

function Panel({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function DailyFigures({ overview }: { overview: Overview }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium">Show the figures as a table</summary>
      <div className="mt-2 max-h-80 overflow-y-auto">
        <DataTable
          caption={`Revenue and orders per day, last ${overview.days} days`}
          columns={['Day', 'Revenue', 'Orders']}
        >
          {overview.daily.map((day) => (
            <tr key={day.date}>
              <td className="whitespace-nowrap">{formatCalendarDay(day.date)}</td>
              <td>{formatPrice(day.revenue)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}

function TopTools({ id, title, tools }: { id: string; title: string; tools: TopTool[] }) {
  return (
    <Panel id={id} title={title}>
      <DataTable caption={title} columns={['Tool', 'Units', 'Revenue']}>
        {tools.length === 0 ? (
          <tr>
            <td colSpan={3} className="text-base-content/70">
              No sales in this period.
            </td>
          </tr>
        ) : (
          tools.map((tool) => (
            <tr key={tool.toolId}>
              <td className="font-medium">{tool.name}</td>
              <td>{formatCount(tool.units)}</td>
              <td className="whitespace-nowrap">{formatPrice(tool.revenue)}</td>
            </tr>
          ))
        )}
      </DataTable>
    </Panel>
  );
}

function Waiting({ waiting }: { waiting: Overview['waiting'] }) {
  const rows = [
    {
      key: 'unpaid',
      label: 'Unpaid for more than a day',
      since: 'placed',
      to: `${paths.manageOrders}?status=unpaid`,
      ...waiting.unpaid,
    },
    {
      key: 'undelivered',
      label: 'Paid, not yet delivered',
      since: 'paid',
      to: `${paths.manageOrders}?status=paid`,
      ...waiting.undelivered,
    },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <li key={row.key} className="rounded-box bg-base-200 p-4">
          <p className="text-sm text-base-content/70">{row.label}</p>
          <p className="text-2xl font-bold">{formatCount(row.count)}</p>
          {row.oldest && (
            <p className="text-sm text-base-content/70">
              Oldest {row.since} {formatMoment(row.oldest)}
            </p>
          )}
          {row.count > 0 && (
            <Link to={row.to} className="link link-primary text-sm">
              See these orders
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function LowStock({ tools }: { tools: LowStockTool[] }) {
  const [restocking, setRestocking] = useState<LowStockTool | null>(null);
  return (
    <>
      <DataTable caption="Low stock" columns={['Tool', 'Available', 'Threshold', 'Action']}>
        {tools.length === 0 ? (
          <tr>
            <td colSpan={4} className="text-base-content/70">
              Every tool is above its low-stock threshold.
            </td>
          </tr>
        ) : (
          tools.map((tool) => (
            <tr key={tool.toolId}>
              <td className="min-w-36 font-medium">{tool.name}</td>
              <td>{formatCount(tool.availableQuantity)}</td>
              <td>{formatCount(tool.threshold)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-primary btn-outline btn-xs"
                  aria-label={`Restock ${tool.name}`}
                  onClick={() => setRestocking(tool)}
                >
                  Restock
                </button>
              </td>
            </tr>
          ))
        )}
      </DataTable>
      <RestockDialog tool={restocking} onClose={() => setRestocking(null)} />
    </>
  );
}

/** Decision 021's Sales Overview: sales against the period before, a chart, top tools, orders waiting, low stock. */
export function OverviewPage() {
  const [days, setDays] = useChartDays();
  const data = useOverview(days);

  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-bold">Sales Overview</h2>
      <SalesSummary periods={data.periods} />

      <Panel
        id="sales-chart"
        title={`Revenue and orders per day, last ${data.days} days`}
        action={
          <label className="flex items-center gap-2 text-sm">
            Period
            <select
              className="select select-sm w-auto"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {OVERVIEW_CHART_DAYS.map((option) => (
                <option key={option} value={option}>
                  {option} days
                </option>
              ))}
            </select>
          </label>
        }
      >
        <Suspense fallback={<div className="h-72" />}>
          <SalesChart daily={data.daily} />
        </Suspense>
        <DailyFigures overview={data} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopTools
          id="top-units"
          title={`Top tools by units, last ${data.days} days`}
          tools={data.topByUnits}
        />
        <TopTools
          id="top-revenue"
          title={`Top tools by revenue, last ${data.days} days`}
          tools={data.topByRevenue}
        />
      </div>

      <Panel id="orders-waiting" title="Orders waiting">
        <Waiting waiting={data.waiting} />
      </Panel>

      <Panel id="low-stock" title="Low stock">
        <LowStock tools={data.lowStock} />
      </Panel>
    </div>
  );
}
