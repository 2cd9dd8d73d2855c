import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ActivityPage, ActivityQuery, Overview } from '@toolshop/shared/admin';
import type { Tool } from '@toolshop/shared/tool';
import { apiFetch, searchOf } from '../../lib/api-client';
import { toolKeys } from '../tools/api';

export const adminKeys = {
  overview: (days: number) => ['admin', 'overview', days] as const,
  activity: (query: ActivityQuery) => ['admin', 'activity', query] as const,
};

export const getOverview = (days: number) => apiFetch<Overview>(`/admin/overview?days=${days}`);

export const overviewQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.overview(days), queryFn: () => getOverview(days) });

/** Loaded by the screen's route before it is drawn; another period is loaded before the screen changes. */
export const useOverview = (days: number) => useSuspenseQuery(overviewQueryOptions(days)).data;

export const getActivity = (query: ActivityQuery) =>
  apiFetch<ActivityPage>(`/admin/activity${searchOf(query)}`);

export const activityQueryOptions = (query: ActivityQuery) =>
  queryOptions({ queryKey: adminKeys.activity(query), queryFn: () => getActivity(query) });

/** Loaded by the screen's route before it is drawn; a new page is loaded before the screen changes. */
export const useActivity = (query: ActivityQuery) => useSuspenseQuery(activityQueryOptions(query)).data;

/** PATCH /tools/:id (SPEC §7's restock call): sets the units on hand. */
export const restockTool = ({ id, onHand }: { id: string; onHand: number }) =>
  apiFetch<Tool>(`/tools/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { restAvailableQuantity: onHand },
  });

export function useRestockTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restockTool,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}
