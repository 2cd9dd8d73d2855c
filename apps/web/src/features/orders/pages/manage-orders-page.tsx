import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Order } from '@toolshop/shared/order';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAllOrders, useCancelOrder, useMarkDelivered } from '../api';
import { DataTable } from '../../../components/ui/data-table';
import { CancelOrderDialog } from '../components/cancel-order-dialog';

function StateCell({
  order,
  onDeliver,
  onCancel,
  delivering,
}: {
  order: Order;
  onDeliver: (order: Order) => void;
  onCancel: (order: Order) => void;
  delivering: boolean;
}) {
  if (order.status === 'delivered') return <span className="badge badge-success">delivered</span>;
  if (order.status === 'expired') {
    return <span className="text-sm whitespace-nowrap text-base-content/60">stock released</span>;
  }
  if (order.status === 'unpaid') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm whitespace-nowrap text-base-content/60">awaiting payment</span>
        <button
          type="button"
          className="btn btn-error btn-outline btn-xs"
          onClick={() => onCancel(order)}
          aria-label={`Cancel ${order.tool} for ${order.name}`}
        >
          Cancel
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-xs"
      onClick={() => onDeliver(order)}
      disabled={delivering}
      aria-label={`delivery of ${order.tool} for ${order.name}`}
    >
      {delivering && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      delivery
    </button>
  );
}

/**
 * SPEC §2 Manage All Orders: every customer's order; an admin marks paid orders delivered (persisted) and
 * may cancel an unpaid one (its stock goes back on sale).
 */
export function ManageOrdersPage() {
  const orders = useAllOrders();
  const markDelivered = useMarkDelivered();
  const cancelOrder = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);

  if (orders.isPending) return <Spinner label="Loading orders" />;
  if (orders.isError) return <QueryError what="the orders" onRetry={() => void orders.refetch()} />;

  const deliver = (order: Order) =>
    markDelivered.mutate(order._id, {
      onSuccess: () => toast.success(`${order.tool} for ${order.name} marked delivered.`),
      onError: (error) => toast.error(error.message),
    });

  const cancel = (order: Order) =>
    cancelOrder.mutate(order._id, {
      onSuccess: () => {
        toast.success(`${order.name}'s order for ${order.tool} cancelled.`);
        setCancelling(null);
      },
      onError: (error) => toast.error(error.message),
    });

  const count = orders.data.length;
  return (
    <>
      <DataTable
        caption={count === 1 ? '1 order' : `${count} orders`}
        showCaption
        columns={['No', 'Name', 'tool', 'quantity', 'address', 'payment', 'state']}
      >
        {count === 0 && (
          <tr>
            <td colSpan={7} className="py-10 text-center text-base-content/60">
              No orders yet. New orders show up here as soon as customers place them.
            </td>
          </tr>
        )}
        {orders.data.map((order, index) => (
          <tr key={order._id}>
            <td>{index + 1}</td>
            <td className="whitespace-nowrap">
              <div>
                {order.name}
                <span className="block text-xs break-all text-base-content/60">{order.email}</span>
              </div>
            </td>
            <td className="min-w-40 font-medium">{order.tool}</td>
            <td>{order.quantity.toLocaleString('en-US')}</td>
            <td className="min-w-48 whitespace-pre-line">
              <div>
                {order.address}
                {order.phone && <span className="block text-xs text-base-content/60">{order.phone}</span>}
              </div>
            </td>
            <td>
              {order.status === 'unpaid' || order.status === 'expired' ? (
                <span className="badge badge-ghost">{order.status}</span>
              ) : (
                <span className="badge badge-success badge-soft">paid</span>
              )}
            </td>
            <td>
              <StateCell
                order={order}
                onDeliver={deliver}
                onCancel={setCancelling}
                delivering={markDelivered.isPending && markDelivered.variables === order._id}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      <CancelOrderDialog
        order={cancelling}
        onClose={() => setCancelling(null)}
        busy={cancelOrder.isPending}
        onConfirm={cancel}
      />
    </>
  );
}
