import { useState } from 'react';
import { toast } from '../../../components/ui/toasts';
import { z } from 'zod';
import { formatCount } from '@toolshop/shared/number-format';
import type { Order } from '@toolshop/shared/order';
import { orderFiltersSchema } from '@toolshop/shared/order-filters';
import { DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { useUrlQuery } from '../../../lib/use-url-query';
import { orderExportUrl, useCancelOrder, useMarkDelivered, useOrderPage } from '../../orders/api';
import {
  CancelOrderDialog,
  OrderDetailDialog,
  OrderListControls,
  ShipOrderDialog,
  STATUS_FILTER_LABELS,
} from '../../orders';
import { OrderStateCell } from '../components/order-state-cell';

/** `?order=<id>`: the order whose details are open, so that Back closes them and a link opens them. */
const openOrderSchema = z.object({ order: z.string().max(100).optional() });

/**
 * SPEC §2 Manage All Orders: every customer's order; an admin marks paid orders shipped (decision 053) and
 * delivered (persisted) and may cancel an unpaid one (its stock goes back on sale). Decision 021: filtered by status, searched, sorted and
 * paged by 25, all in the URL; each order opens its details and timeline; Export CSV downloads exactly the
 * filtered orders.
 */
export function ManageOrdersPage() {
  const [filters, update] = useUrlQuery(orderFiltersSchema);
  const [{ order: openOrderId }, updateOpenOrder] = useUrlQuery(openOrderSchema);
  const orders = useOrderPage(filters);
  const markDelivered = useMarkDelivered();
  const cancelOrder = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order | null>(null);

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

  const { items, total, page, limit } = orders;
  const pages = Math.max(1, Math.ceil(total / limit));
  const filtered = filters.status !== undefined || filters.q !== undefined;
  const summary = [
    filters.status && STATUS_FILTER_LABELS[filters.status],
    filters.q && `Search “${filters.q}”`,
    pages > 1 && `Page ${page} of ${pages}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <OrderListControls
          key={filters.q ?? ''}
          filters={filters}
          // A new filter, search or sort starts again from the first page.
          onChange={(changes) => update({ ...changes, page: undefined })}
        />
        <a href={orderExportUrl(filters)} download className="btn btn-outline w-full sm:w-auto">
          Export CSV
        </a>
      </div>
      <p className="min-h-5 text-sm text-base-content/70" aria-live="polite">
        {summary}
      </p>
      <DataTable
        caption={total === 1 ? '1 order' : `${formatCount(total)} orders`}
        showCaption
        columns={['No', 'Name', 'tool', 'quantity', 'address', 'payment', 'state']}
      >
        {items.length === 0 && (
          <tr>
            <td colSpan={7} className="py-10 text-center text-base-content/60">
              {total > 0
                ? 'Nothing on this page.'
                : filtered
                  ? 'No order matches these filters.'
                  : 'No orders yet. New orders show up here as soon as customers place them.'}
            </td>
          </tr>
        )}
        {items.map((order, index) => (
          <tr key={order._id}>
            <td>
              {/* The number above its Details button keeps the column narrow: every action fits at 1280 px. */}
              <div className="flex flex-col items-start gap-1">
                {formatCount((page - 1) * limit + index + 1)}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => updateOpenOrder({ order: order._id })}
                  aria-label={`Details of ${order.tool} for ${order.name}`}
                >
                  Details
                </button>
              </div>
            </td>
            {/* The name and e-mail wrap: at 1280 px a long address must not push the row's actions out. */}
            <td className="min-w-36">
              <div>
                {order.name}
                <span className="block text-xs break-all text-base-content/60">{order.email}</span>
              </div>
            </td>
            <td className="min-w-32 font-medium">{order.tool}</td>
            <td>{formatCount(order.quantity)}</td>
            <td className="min-w-40 whitespace-pre-line">
              <div>
                {order.address}
                {order.phone && <span className="block text-xs text-base-content/60">{order.phone}</span>}
              </div>
            </td>
            <td>
              {order.paid ? (
                <span className="badge badge-success badge-soft">paid</span>
              ) : (
                // Only an unpaid order can be cancelled.
                <span className="badge badge-ghost">
                  {order.status === 'cancelled' ? 'unpaid' : order.status}
                </span>
              )}
            </td>
            <td>
              <OrderStateCell
                order={order}
                onShip={setShipping}
                onDeliver={deliver}
                onCancel={setCancelling}
                delivering={markDelivered.isPending && markDelivered.variables === order._id}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager label="Order pages" page={page} pages={pages} onPage={(next) => update({ page: next })} />
      <CancelOrderDialog
        order={cancelling}
        onClose={() => setCancelling(null)}
        busy={cancelOrder.isPending}
        onConfirm={cancel}
      />
      <ShipOrderDialog order={shipping} onClose={() => setShipping(null)} />
      <OrderDetailDialog
        orderId={openOrderId}
        // Only while open: the dialog also reports closing after Back has already closed it.
        onClose={() => openOrderId && updateOpenOrder({ order: undefined })}
      />
    </div>
  );
}
