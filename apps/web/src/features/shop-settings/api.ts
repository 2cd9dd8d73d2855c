import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { apiFetch } from '../../lib/api-client';

export const shopSettingsKeys = { shipping: ['shop-settings', 'shipping'] as const };

export const getShippingSettings = () => apiFetch<ShippingSettings>('/settings/shipping');

export const shippingSettingsQueryOptions = () =>
  queryOptions({ queryKey: shopSettingsKeys.shipping, queryFn: getShippingSettings });

/** Loaded by the screen's route before it is drawn. */
export const useShippingSettings = () => useSuspenseQuery(shippingSettingsQueryOptions()).data;

export const saveShippingSettings = (settings: ShippingSettings) =>
  apiFetch<ShippingSettings>('/settings/shipping', { method: 'PUT', body: settings });

export function useSaveShippingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(shopSettingsKeys.shipping, saved);
      // The back office's lists (the activity log among them) have a new entry.
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
