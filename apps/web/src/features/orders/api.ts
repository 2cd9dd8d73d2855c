import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult, Order, PlaceOrderInput } from '@toolshop/shared/order';
import { apiFetch } from '../../lib/api-client';
import { toolKeys, toolQueryOptions } from '../tools/api';

// Every order list starts with 'orders', so a payment or a cancellation can refresh them all at once.
export const orderKeys = {
  all: ['orders'] as const,
  allMine: ['orders', 'mine'] as const,
  mine: (email: string) => ['orders', 'mine', email] as const,
  everyone: ['orders', 'all'] as const,
};

/** The web app sends `toolId`; the buyer's e-mail and name come from the session on the server. */
export const placeOrder = (body: PlaceOrderInput) => apiFetch<Order>('/order', { method: 'POST', body });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
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
  // Waits (pending) until the session has named the buyer.
  queryOptions({ queryKey: orderKeys.mine(email), queryFn: () => getMyOrders(email), enabled: email !== '' });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));

export const getAllOrders = () => apiFetch<Order[]>('/order');

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.everyone, queryFn: getAllOrders });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());

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

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSuccess: (delivered) => {
      // Swap the row in place so the button turns into 'delivered' without waiting for the refetch.
      queryClient.setQueryData(allOrdersQueryOptions().queryKey, (orders) =>
        orders?.map((order) => (order._id === delivered._id ? delivered : order)),
      );
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
