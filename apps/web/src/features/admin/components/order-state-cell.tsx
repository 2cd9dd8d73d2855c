import type { Order } from '@toolshop/shared/order';

interface OrderStateCellProps {
  order: Order;
  onShip: (order: Order) => void;
  onDeliver: (order: Order) => void;
  onCancel: (order: Order) => void;
  delivering: boolean;
}

/**
 * Manage All Orders' state column: what happened to the order, and the admin's next step. A paid order
 * offers Mark shipped beside SPEC's 'delivery' button; a shipped one shows it and still offers 'delivery'.
 */
export function OrderStateCell({ order, onShip, onDeliver, onCancel, delivering }: OrderStateCellProps) {
  const of = `${order.tool} for ${order.name}`;
  if (order.status === 'delivered') return <span className="badge badge-success">delivered</span>;
  if (order.status === 'expired') {
    return <span className="text-sm whitespace-nowrap text-base-content/60">stock released</span>;
  }
  if (order.status === 'cancelled') {
    return <span className="text-sm whitespace-nowrap text-base-content/60">cancelled</span>;
  }
  if (order.status === 'unpaid') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm whitespace-nowrap text-base-content/60">awaiting payment</span>
        <button
          type="button"
          className="btn btn-error btn-outline btn-xs"
          onClick={() => onCancel(order)}
          aria-label={`Cancel ${of}`}
        >
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {order.status === 'shipped' ? (
        <span className="badge badge-info badge-soft">shipped</span>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-xs whitespace-nowrap"
          onClick={() => onShip(order)}
          aria-label={`Mark shipped ${of}`}
        >
          Mark shipped
        </button>
      )}
      <button
        type="button"
        className="btn btn-primary btn-xs"
        onClick={() => onDeliver(order)}
        disabled={delivering}
        aria-label={`delivery of ${of}`}
      >
        {delivering && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        delivery
      </button>
    </div>
  );
}
