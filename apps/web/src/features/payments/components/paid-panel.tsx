import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/** What the payment page shows once the order is paid: the proof a customer may want to keep. */
export function PaidPanel({
  heading,
  transactionId,
  takeFocus = false,
}: {
  heading: string;
  transactionId: string | null;
  /** Set when the panel is the result of a payment just made: it replaces the form the focus was in. */
  takeFocus?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
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
        <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-offset-4">
          {heading}
        </h3>
        <span className="badge badge-success">paid</span>
      </div>
      {transactionId && (
        <p className="text-sm">
          Transaction id{' '}
          <code className="rounded bg-base-100 px-2 py-1 font-mono text-xs break-all">{transactionId}</code>
        </p>
      )}
      <Link to={paths.myOrders} className="btn btn-outline btn-sm">
        Back to My Orders
      </Link>
    </div>
  );
}
