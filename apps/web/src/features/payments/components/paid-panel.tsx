import { Link } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/**
 * What the payment page shows of an order already paid: the proof a customer may want to keep, and the
 * ways on (a payment just made goes straight to the order's page instead, decision 051).
 */
export function PaidPanel({
  heading,
  orderId,
  transactionId,
}: {
  heading: string;
  orderId: string;
  transactionId: string | null;
}) {
  return (
    <div role="status" className="flex flex-col items-start gap-4 rounded-box bg-success/10 p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-success text-success-content">
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M4.5 10.5l3.5 3.5 7.5-8"
            />
          </svg>
        </span>
        <h3 className="text-xl font-bold">{heading}</h3>
        <span className="badge badge-success">paid</span>
      </div>
      {transactionId && (
        <p className="text-sm">
          Transaction id{' '}
          <code className="rounded bg-base-100 px-2 py-1 font-mono text-xs break-all">{transactionId}</code>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={paths.order(orderId)} className="btn btn-primary btn-sm">
          View the order
        </Link>
        <Link to={paths.myOrders} className="btn btn-outline btn-sm">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}
