import { toast } from 'react-toastify';
import type { Order } from '@toolshop/shared/order';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAllOrders, useMarkDelivered } from '../api';
import { DataTable } from '../../../components/ui/data-table';

function StateCell({
  order,
  onDeliver,
  delivering,
}: {
  order: Order;
  onDeliver: (order: Order) => void;
  delivering: boolean;
}) {
  if (order.status === 'delivered') return <span className="badge badge-success">delivered</span>;
  if (order.status === 'unpaid') {
    return <span className="text-sm whitespace-nowrap text-base-content/60">awaiting payment</span>;
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-xs"
      onClick={() => onDeliver(order)}
      disabled={delivering}
    >
      {delivering && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      delivery
    </button>
  );
}

/** SPEC §2 Manage All Orders: every customer's order; an admin marks paid orders delivered (persisted). */
export function ManageOrdersPage() {
  const orders = useAllOrders();
  const markDelivered = useMarkDelivered();

  if (orders.isPending) return <Spinner label="Loading orders" />;
  if (orders.isError) return <QueryError what="the orders" onRetry={() => void orders.refetch()} />;

  const deliver = (order: Order) =>
    markDelivered.mutate(order._id, {
      onSuccess: () => toast.success(`${order.tool} for ${order.name} marked delivered.`),
      onError: (error) => toast.error(error.message),
    });

  const count = orders.data.length;
  return (
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
            {order.name}
            <span className="block text-xs break-all text-base-content/60">{order.email}</span>
          </td>
          <td className="min-w-40 font-medium">{order.tool}</td>
          <td>{order.quantity.toLocaleString('en-US')}</td>
          <td className="min-w-48 whitespace-pre-line">
            {order.address}
            {order.phone && <span className="block text-xs text-base-content/60">{order.phone}</span>}
          </td>
          <td>
            {order.status === 'unpaid' ? (
              <span className="badge badge-ghost">unpaid</span>
            ) : (
              <span className="badge badge-success badge-soft">paid</span>
            )}
          </td>
          <td>
            <StateCell
              order={order}
              onDeliver={deliver}
              delivering={markDelivered.isPending && markDelivered.variables === order._id}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
