import type { ReactNode } from 'react';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { OrderDetail, OrderEvent } from '@toolshop/shared/order-detail';
import { Modal } from '../../../components/ui/modal';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useOrderDetail } from '../api';
import { formatMoment } from '../../../lib/date-format';
import { ORDER_EVENT_LABELS, formatOrderNumber } from '../order-format';

function whoDidIt({ event, by }: OrderEvent): string {
  if (by) return `by ${by.name}, ${by.role === 'customer' ? 'the customer' : 'an admin'} (${by.email})`;
  return event === 'expired'
    ? 'Unpaid in time: its units went back on sale.'
    : 'Who did it was not recorded.';
}

/** "Carrier UPS, tracking number 1Z…": what the admin gave when marking the order shipped. */
const shipmentOf = ({ carrier, trackingNumber }: OrderEvent): string =>
  [carrier && `Carrier ${carrier}`, trackingNumber && `tracking number ${trackingNumber}`]
    .filter(Boolean)
    .join(', ');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-1">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

function OrderDetailBody({ order }: { order: OrderDetail }) {
  const id = order._id;
  return (
    <div className="grid gap-4 py-3">
      <dl className="text-sm">
        <Fact label="Customer">
          {order.name}
          <span className="block break-all text-base-content/70">{order.email}</span>
        </Fact>
        <Fact label="Tool">{order.tool}</Fact>
        <Fact label="Quantity">{formatCount(order.quantity)}</Fact>
        {order.unitPrice !== null && <Fact label="Unit price">{formatPrice(order.unitPrice)}</Fact>}
        <Fact label="Total">{formatPrice(order.total)}</Fact>
        <Fact label="Address">{order.address}</Fact>
        {order.phone && <Fact label="Phone">{order.phone}</Fact>}
        {order.transactionId && <Fact label="Transaction">{order.transactionId}</Fact>}
      </dl>
      <section aria-labelledby={`timeline-${id}`}>
        <h3 id={`timeline-${id}`} className="mb-2 font-semibold">
          Timeline
        </h3>
        <ol className="grid gap-3 border-l-2 border-base-300 pl-4">
          {order.timeline.map((event) => (
            <li key={event.event} className="text-sm">
              <p className="font-medium">
                {ORDER_EVENT_LABELS[event.event]}{' '}
                <time dateTime={event.at} className="font-normal text-base-content/70">
                  {formatMoment(event.at)}
                </time>
              </p>
              <p className="break-words text-base-content/80">{whoDidIt(event)}</p>
              {(event.carrier || event.trackingNumber) && (
                <p className="break-words text-base-content/80">{shipmentOf(event)}</p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

interface OrderDetailDialogProps {
  /** The order shown; the dialog is open while there is one. */
  orderId: string | undefined;
  onClose: () => void;
}

/** An order's details and timeline: what happened to it, when and by whom. */
export function OrderDetailDialog({ orderId, onClose }: OrderDetailDialogProps) {
  // Read here rather than in the body: the address names the order by its id, the dialog by its number.
  const detail = useOrderDetail(orderId);
  const title = detail.data ? `Order ${formatOrderNumber(detail.data.number)}` : 'Order';
  return (
    <Modal open={orderId !== undefined} onClose={onClose} title={title} wide>
      {orderId &&
        (detail.isPending ? (
          <Spinner label="Loading the order" />
        ) : detail.isError ? (
          <QueryError what="this order" onRetry={() => void detail.refetch()} />
        ) : (
          <OrderDetailBody order={detail.data} />
        ))}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
