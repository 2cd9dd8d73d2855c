import type { OrderEvent } from '@toolshop/shared/order-detail';
import { Moment } from '../../../components/ui/moment';
import { ORDER_EVENT_LABELS } from '../order-format';

/** How a shipped step tells the parcel apart: its carrier and tracking number, as far as the shop knows them. */
function shipmentOf({ carrier, trackingNumber }: OrderEvent): string | null {
  if (carrier && trackingNumber) return `${carrier}, tracking number ${trackingNumber}`;
  if (trackingNumber) return `Tracking number ${trackingNumber}`;
  return carrier ?? null;
}

/** What happened to an order, oldest first, each step with its time (the customer's view). */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="grid gap-4 border-l-2 border-base-300 pl-5">
      {events.map((event) => {
        const shipment = event.event === 'shipped' ? shipmentOf(event) : null;
        return (
          <li key={event.event} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.7rem] size-3 rounded-full border-2 border-base-100 bg-primary"
            />
            <p className="font-semibold">{ORDER_EVENT_LABELS[event.event]}</p>
            <Moment iso={event.at} className="text-sm text-base-content/70" />
            {shipment && <p className="text-sm break-words">{shipment}</p>}
          </li>
        );
      })}
    </ol>
  );
}
