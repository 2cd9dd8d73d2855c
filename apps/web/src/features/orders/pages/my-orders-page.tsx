import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { toasts } from '@toolshop/shared/messages';
import type { Order } from '@toolshop/shared/order';
import { ConfirmDeleteDialog } from '../../../components/ui/modal';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../auth/api';
import { useCancelOrder, useMyOrders } from '../api';
import { DataTable } from '../../../components/ui/data-table';

const ALREADY_GONE = 'This order had already been removed.';

function countLine(count: number): string {
  return `You have ${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** SPEC §2's confirm dialog before an order is deleted (cancelled, its stock back on sale). */
function DeleteOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const cancelOrder = useCancelOrder();
  return (
    <ConfirmDeleteDialog
      name={order?.tool ?? null}
      onClose={onClose}
      detail={
        order &&
        `The order for ${order.quantity.toLocaleString('en-US')} units is cancelled and the stock goes back on sale.`
      }
      busy={cancelOrder.isPending}
      onConfirm={() => {
        if (!order) return;
        cancelOrder.mutate(order._id, {
          onSuccess: ({ deletedCount }) => {
            if (deletedCount > 0) toast.success(toasts.deleted(order.tool));
            else toast.info(ALREADY_GONE);
            onClose();
          },
          onError: (error) => toast.error(error.message),
        });
      }}
    />
  );
}

function PaymentCell({ order }: { order: Order }) {
  if (order.status === 'unpaid') {
    return (
      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-xs">
        pay
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <span className="badge badge-success badge-soft">paid</span>
      {order.transactionId && (
        <small className="font-mono text-xs break-all text-base-content/60">{order.transactionId}</small>
      )}
    </div>
  );
}

/** SPEC §2 My Orders: the buyer's own orders, each paid for or cancelled from here. */
export function MyOrdersPage() {
  const email = useSession().data?.email ?? '';
  const orders = useMyOrders(email);
  const [deleting, setDeleting] = useState<Order | null>(null);

  if (orders.isPending) return <Spinner label="Loading your orders" />;
  if (orders.isError) return <QueryError what="your orders" onRetry={() => void orders.refetch()} />;

  if (orders.data.length === 0) {
    return (
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center py-12 text-center">
          <h2 className="card-title">{countLine(0)}</h2>
          <p className="max-w-md text-base-content/70">
            Nothing ordered yet. Pick a tool from the catalogue and your orders will show up here, ready to
            pay.
          </p>
          <Link to="/#tools" className="btn btn-primary mt-2">
            Browse tools
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <h2 className="mb-4 text-lg font-semibold">{countLine(orders.data.length)}</h2>
      <DataTable
        caption="Your orders"
        columns={['No', 'Name', 'tool', 'quantity', 'address', 'Payment', 'Action']}
      >
        {orders.data.map((order, index) => (
          <tr key={order._id}>
            <td>{index + 1}</td>
            <td className="whitespace-nowrap">{order.name}</td>
            <td className="min-w-40 font-medium">{order.tool}</td>
            <td>{order.quantity.toLocaleString('en-US')}</td>
            <td className="min-w-48 whitespace-pre-line">{order.address}</td>
            <td className="min-w-32">
              <PaymentCell order={order} />
            </td>
            <td>
              {order.status === 'unpaid' ? (
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-xs"
                  onClick={() => setDeleting(order)}
                >
                  delete
                </button>
              ) : (
                <span className="text-xs whitespace-nowrap text-base-content/60">
                  {order.status === 'delivered' ? 'delivered' : 'awaiting delivery'}
                </span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <DeleteOrderDialog order={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
