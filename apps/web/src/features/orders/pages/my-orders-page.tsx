import { useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { toasts } from '@toolshop/shared/messages';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { Order } from '@toolshop/shared/order';
import { isPaidStatus } from '@toolshop/shared/order-status';
import { paths } from '@toolshop/shared/paths';
import { ConfirmDeleteDialog, instead } from '../../../components/ui/modal';
import { useSignedInUser } from '../../../lib/auth';
import { useCancelOrder, useMyOrders } from '../api';
import { DataTable } from '../../../components/ui/data-table';
import { Moment } from '../../../components/ui/moment';
import { BuyAgainForm } from '../components/buy-again-form';
import { formatOrderNumber, ORDER_STATUS_LABELS } from '../order-format';
import { DELETE_ORDER_INTENT } from '../order-form-intents';

const ALREADY_GONE = 'This order had already been removed.';

/** The address's field naming the order whose delete is being confirmed, before the scripts run. */
const DELETING = 'delete';

const isDeletable = (order: Order) => order.status === 'unpaid' || order.status === 'expired';

/** The API lists SPEC's way, oldest first; a customer looks for their latest order first. */
const newestFirst = (orders: Order[]) => orders.toSorted((a, b) => b.number - a.number);

/** SPEC's tool column: the tool of a one-line order, else each line's tool and units. */
function OrderItems({ order }: { order: Order }) {
  if (order.lines.length <= 1) return order.tool;
  return (
    <ul>
      {order.lines.map((line) => (
        <li key={line.toolId}>
          {formatCount(line.quantity)} × {line.tool}
        </li>
      ))}
    </ul>
  );
}

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
        (order.status === 'expired'
          ? 'This order expired before it was paid; deleting it removes it from your list.'
          : `The order for ${formatCount(order.quantity)} units is cancelled and the stock goes back on sale.`)
      }
      busy={cancelOrder.isPending}
      form={
        order
          ? { fields: { intent: DELETE_ORDER_INTENT, orderId: order._id }, cancelTo: paths.myOrders }
          : undefined
      }
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
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.payment(order._id)}
          className="btn btn-primary btn-xs"
          aria-label={`pay for ${order.tool}`}
        >
          pay
        </Link>
        {order.expiresAt && (
          <small className="text-xs whitespace-nowrap text-base-content/70">
            pay by <Moment iso={order.expiresAt} show="clock" />
          </small>
        )}
      </div>
    );
  }
  if (order.status === 'expired') {
    // The stock hold ran out before payment: the stock went back on sale, so there is nothing to pay.
    return <span className="badge badge-warning badge-soft">expired</span>;
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

/**
 * SPEC's Action: delete an unpaid or expired order (a form asking for this page with the order's confirm
 * dialog open, before the scripts run); a paid one says where it stands and can be bought again.
 */
function ActionCell({ order, onDelete }: { order: Order; onDelete: () => void }) {
  if (isDeletable(order)) {
    return (
      <Form method="get">
        <input type="hidden" name={DELETING} value={order._id} />
        <button
          type="submit"
          className="btn btn-error btn-outline btn-xs"
          onClick={instead(onDelete)}
          aria-label={`delete ${order.tool}`}
        >
          delete
        </button>
      </Form>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="text-xs whitespace-nowrap text-base-content/70">
        {ORDER_STATUS_LABELS[order.status]}
      </span>
      {isPaidStatus(order.status) && (
        <BuyAgainForm order={order} className="btn btn-primary btn-outline btn-xs whitespace-nowrap" />
      )}
    </div>
  );
}

/**
 * SPEC §2 My Orders: the buyer's own orders, newest first, each opened by its number, paid for or
 * cancelled from here, a paid one bought again. An unpaid order says until when its stock is held; once the
 * hold has run out it shows as expired and can only be deleted.
 */
export function MyOrdersPage() {
  const orders = useMyOrders(useSignedInUser().email);
  const [searchParams, setSearchParams] = useSearchParams();
  // The order picked with the scripts running, else the one the address names (the page drawn by the
  // server with its dialog open, or a step back or forward to such an address).
  const [picked, setPicked] = useState<Order | null>(null);
  const deleting =
    picked ?? orders.find((order) => order._id === searchParams.get(DELETING) && isDeletable(order)) ?? null;
  const closeDialog = () => {
    setPicked(null);
    if (searchParams.has(DELETING)) {
      setSearchParams(
        (next) => {
          next.delete(DELETING);
          return next;
        },
        { replace: true },
      );
    }
  };

  if (orders.length === 0) {
    return (
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center py-12 text-center">
          <h2 className="card-title">{countLine(0)}</h2>
          <p className="max-w-md text-base-content/70">
            Nothing ordered yet. Pick a tool from the catalogue and your orders will show up here, ready to
            pay.
          </p>
          <Link to={`${paths.home}#tools`} className="btn btn-primary mt-2">
            Browse tools
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <h2 className="mb-4 text-lg font-semibold">{countLine(orders.length)}</h2>
      <DataTable
        caption="Your orders"
        columns={['Order', 'No', 'Name', 'tool', 'quantity', 'total', 'address', 'Payment', 'Action']}
      >
        {newestFirst(orders).map((order, index) => (
          <tr key={order._id}>
            <td>
              <div>
                <Link to={paths.order(order._id)} className="link font-mono font-semibold whitespace-nowrap">
                  {formatOrderNumber(order.number)}
                </Link>
                <Moment
                  iso={order.createdAt}
                  show="day"
                  className="block text-xs whitespace-nowrap text-base-content/60"
                />
              </div>
            </td>
            <td>{index + 1}</td>
            <td>{order.name}</td>
            <td className="min-w-36 font-medium">
              <OrderItems order={order} />
            </td>
            <td className="whitespace-nowrap">
              <div>
                {formatCount(order.quantity)}
                {order.unitPrice !== null && (
                  <span className="block text-xs text-base-content/60">× {formatPrice(order.unitPrice)}</span>
                )}
              </div>
            </td>
            <td className="font-semibold whitespace-nowrap">{formatPrice(order.total)}</td>
            <td className="min-w-32 whitespace-pre-line">{order.address}</td>
            <td className="min-w-32">
              <PaymentCell order={order} />
            </td>
            <td>
              <ActionCell order={order} onDelete={() => setPicked(order)} />
            </td>
          </tr>
        ))}
      </DataTable>
      <DeleteOrderDialog order={deleting} onClose={closeDialog} />
    </>
  );
}
