import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { PaymentSummary } from '@toolshop/shared/payment';
import { OrderAmounts } from '../../../components/ui/order-amounts';

/** SPEC's one-tool payment: the tool, its quantity and unit price, and what the order costs. */
function OneLine({ summary }: { summary: PaymentSummary }) {
  return (
    <>
      <p className="text-base-content/80">
        Please pay for <strong className="text-base-content">{summary.tool}</strong>
      </p>
      <dl className="divide-y divide-base-300 rounded-box bg-base-200 px-4 text-sm">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-base-content/60">Quantity</dt>
          <dd className="font-semibold">{formatCount(summary.quantity)}</dd>
        </div>
        {summary.unitPrice !== null && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-base-content/60">Unit price</dt>
            <dd className="font-semibold">{formatPrice(summary.unitPrice)}</dd>
          </div>
        )}
        {summary.shipping !== 0 && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-base-content/60">Shipping</dt>
            <dd className="font-semibold">{formatPrice(summary.shipping)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-base-content/60">Total</dt>
          <dd className="text-2xl font-extrabold text-primary">{formatPrice(summary.total)}</dd>
        </div>
      </dl>
    </>
  );
}

/** An order of several lines (a checked-out cart): each line, then subtotal, shipping and total. */
function SeveralLines({ summary }: { summary: PaymentSummary }) {
  return (
    <>
      <p className="text-base-content/80">
        Please pay for <strong className="text-base-content">order #{summary.number}</strong>
      </p>
      <ul aria-label="The order’s lines" className="divide-y divide-base-300 text-sm">
        {summary.lines.map((line) => (
          <li key={line.toolId} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-semibold">{line.tool}</p>
              <p className="text-base-content/70">
                {formatCount(line.quantity)} {line.quantity === 1 ? 'unit' : 'units'} ×{' '}
                {formatPrice(line.unitPrice)}
              </p>
            </div>
            <p className="font-semibold">
              <span className="sr-only">Line total: </span>
              {formatPrice(line.total)}
            </p>
          </li>
        ))}
      </ul>
      <OrderAmounts
        subtotal={summary.subtotal}
        shipping={summary.shipping}
        total={summary.total}
        className="rounded-box bg-base-200 p-4 text-sm"
      />
    </>
  );
}

/** The payment page's order: greets the buyer (SPEC §2), then what they are paying for. */
export function OrderSummary({ summary, greeting }: { summary: PaymentSummary; greeting: string }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2">
      <div className="card-body gap-4 px-4 sm:px-8">
        <h2 className="text-xl font-bold">Hello, {greeting}</h2>
        {summary.lines.length > 1 ? <SeveralLines summary={summary} /> : <OneLine summary={summary} />}
      </div>
    </div>
  );
}
