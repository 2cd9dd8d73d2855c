import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { DeleteResult, Order, PlaceOrderInput } from '@toolshop/shared/order';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import type { OrderExportQuery, OrderFilters } from '@toolshop/shared/order-filters';
import type { Shipment } from '@toolshop/shared/order-shipment';
import type { Page } from '@toolshop/shared/paging';
import { apiFetch, apiUrl, searchOf } from '../../lib/api-client';
import { useAttemptKey } from '../../lib/attempt-key';
import { toolKeys, toolQueryOptions } from '../tools/api';

// Every order list starts with 'orders', so a payment or a cancellation can refresh them all at once.
export const orderKeys = {
  all: ['orders'] as const,
  allMine: ['orders', 'mine'] as const,
  mine: (email: string) => ['orders', 'mine', email] as const,
  everyone: ['orders', 'all'] as const,
  page: (filters: OrderFilters) => ['orders', 'all', filters] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** The web app sends `toolId`; the buyer's e-mail and name come from the session on the server. */
export const placeOrder = (body: PlaceOrderInput, idempotencyKey: string) =>
  apiFetch<Order>('/order', { method: 'POST', body, idempotencyKey });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (body: PlaceOrderInput) => placeOrder(body, attempt.keyFor(body)),
    onSuccess: (order) => {
      attempt.succeeded();
      // Show the lower stock at once; the refetch below then brings the server's exact figure.
      queryClient.setQueryData(toolQueryOptions(order.toolId).queryKey, (tool) =>
        tool ? { ...tool, availableQuantity: Math.max(0, tool.availableQuantity - order.quantity) } : tool,
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.allMine });
    },
    // A refused order (e.g. someone else bought the last units) also means our stock figure is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const getMyOrders = (email: string) => apiFetch<Order[]>(`/order/${encodeURIComponent(email)}`);

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: orderKeys.mine(email), queryFn: () => getMyOrders(email) });

/** Loaded by the screen's route before it is drawn. */
export const useMyOrders = (email: string) => useSuspenseQuery(myOrdersQueryOptions(email)).data;

/** One page of every customer's orders, filtered and sorted (Manage All Orders). */
export const getOrderPage = (filters: OrderFilters) => apiFetch<Page<Order>>(`/order${searchOf(filters)}`);

export const orderPageQueryOptions = (filters: OrderFilters) =>
  queryOptions({ queryKey: orderKeys.page(filters), queryFn: () => getOrderPage(filters) });

/** Loaded by the screen's route before it is drawn; a new page is loaded before the screen changes. */
export const useOrderPage = (filters: OrderFilters) => useSuspenseQuery(orderPageQueryOptions(filters)).data;

/** The CSV of every order the filters select (not only one page); the server names the file. */
export const orderExportUrl = ({ status, q, sort }: OrderExportQuery) =>
  apiUrl(`/order/export.csv${searchOf({ status, q, sort })}`);

export const getOrderDetail = (id: string) =>
  apiFetch<OrderDetail>(`/order/${encodeURIComponent(id)}/detail`);

export const orderDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrderDetail(id) });

/** The order whose id is given; nothing is asked while there is none (a dialog that is closed). */
export const useOrderDetail = (id: string | undefined) =>
  useQuery({ ...orderDetailQueryOptions(id ?? ''), enabled: id !== undefined });

export const cancelOrder = (id: string) =>
  apiFetch<DeleteResult>(`/order/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () =>
      // A cancelled order returns its stock, so the tools' quantities change too.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}

export const markDelivered = (id: string) =>
  apiFetch<Order>(`/order/${encodeURIComponent(id)}/delivery`, { method: 'PATCH' });

export const markShipped = ({ id, shipment }: { id: string; shipment: Shipment }) =>
  apiFetch<Order>(`/order/${encodeURIComponent(id)}/ship`, { method: 'POST', body: shipment });

/** An admin's step of an order (shipped, delivered): the row changes in place, then every list refetches. */
function useOrderStep<Input>(step: (input: Input) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: (changed) => {
      // Swap the row in place so its state shows at once, without waiting for the refetch.
      queryClient.setQueriesData<Page<Order>>({ queryKey: orderKeys.everyone }, (page) =>
        page
          ? { ...page, items: page.items.map((order) => (order._id === changed._id ? changed : order)) }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export const useMarkDelivered = () => useOrderStep(markDelivered);

export const useMarkShipped = () => useOrderStep(markShipped);
