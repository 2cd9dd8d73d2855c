import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DemoCardInput, PaymentIntent, PaymentResult, PaymentSummary } from '@toolshop/shared/payment';
import { apiFetch } from '../../lib/api-client';
import { useAttemptKey } from '../../lib/attempt-key';
import { orderKeys } from '../orders/api';

/** How often the page asks whether Stripe's webhook has marked the order paid yet. */
export const CONFIRMATION_POLL_MS = 2000;

export const paymentKeys = {
  summary: (id: string) => ['payment', id] as const,
  // Not under ['payment', id]: refreshing the summary must never create a fresh PaymentIntent.
  intent: (id: string) => ['payment-intent', id] as const,
};

export const getPaymentSummary = (id: string) =>
  apiFetch<PaymentSummary>(`/payment/${encodeURIComponent(id)}`);

export const paymentSummaryQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.summary(id), queryFn: () => getPaymentSummary(id) });

/**
 * The order to pay. With `awaitConfirmation`, it is asked again every 2 s while still unpaid: after Stripe
 * accepts the card, the order only turns paid when the server has received Stripe's webhook.
 */
export function usePaymentSummary(id: string, { awaitConfirmation = false } = {}) {
  return useSuspenseQuery({
    ...paymentSummaryQueryOptions(id),
    refetchInterval: (query) =>
      awaitConfirmation && query.state.data?.status === 'unpaid' ? CONFIRMATION_POLL_MS : false,
  });
}

export const payDemo = (id: string, card: DemoCardInput, idempotencyKey: string) =>
  apiFetch<PaymentResult>(`/payment/${encodeURIComponent(id)}/demo`, {
    method: 'POST',
    body: card,
    idempotencyKey,
  });

/** Refreshes everything that shows whether an order is paid (after a demo payment or Stripe's webhook). */
export function useRefreshPaymentState(id: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.summary(id) }),
      ]),
    [queryClient, id],
  );
}

export function usePayDemo(id: string) {
  const refresh = useRefreshPaymentState(id);
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (card: DemoCardInput) => payDemo(id, card, attempt.keyFor({ id, card })),
    onSuccess: () => {
      attempt.succeeded();
      // Not awaited: the page moves on to the order at once, and the lists catch up behind it.
      void refresh();
    },
  });
}

export const createPaymentIntent = (id: string) =>
  apiFetch<PaymentIntent>(`/payment/${encodeURIComponent(id)}/intent`, {
    method: 'POST',
  });

export const paymentIntentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(id),
    queryFn: () => createPaymentIntent(id),
    // One intent per visit: a background refetch would hand the mounted Payment Element a stale secret.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const usePaymentIntent = (id: string) => useQuery(paymentIntentQueryOptions(id));
