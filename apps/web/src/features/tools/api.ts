import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { DeleteResult } from '@toolshop/shared/order';
import type { Tool, ToolImages, ToolInput, ToolUpdate } from '@toolshop/shared/tool';
import type { ToolFilters, ToolPage } from '@toolshop/shared/tool-filters';
import { apiFetch, searchOf } from '../../lib/api-client';

export const toolKeys = {
  all: ['tools'] as const,
  detail: (id: string) => ['tools', id] as const,
  page: (filters: ToolFilters) => ['tools', 'page', filters] as const,
};

/** One page of the catalogue, searched and sorted (Manage All Products). */
export const getToolPage = (filters: ToolFilters) => apiFetch<ToolPage>(`/tools${searchOf(filters)}`);

export const toolPageQueryOptions = (filters: ToolFilters) =>
  queryOptions({ queryKey: toolKeys.page(filters), queryFn: () => getToolPage(filters) });

/** Loaded by the screen's route before it is drawn; a new page is loaded before the screen changes. */
export const useToolPage = (filters: ToolFilters) => useSuspenseQuery(toolPageQueryOptions(filters)).data;

export const getTool = (id: string) => apiFetch<Tool>(`/tools/${encodeURIComponent(id)}`);

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: () => getTool(id) });

/** `initial`: the tool as the route's loader read it, shown at once and refreshed in the background. */
export const useTool = (id: string, initial: Tool) =>
  useQuery({ ...toolQueryOptions(id), initialData: initial }).data;

export const createTool = (input: ToolInput) => apiFetch<Tool>('/tools', { method: 'POST', body: input });

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const updateTool = ({ id, input }: { id: string; input: ToolUpdate }) =>
  apiFetch<Tool>(`/tools/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

/** A mutation that answers with the tool as changed. */
function useToolEdit<Variables>(mutationFn: (variables: Variables) => Promise<Tool>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (updated) => {
      // Show the edit at once; the refetch below then confirms every list and detail.
      queryClient.setQueryData(toolQueryOptions(updated._id).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: toolKeys.all });
    },
  });
}

export const useUpdateTool = () => useToolEdit(updateTool);

export const setToolImages = ({ id, input }: { id: string; input: ToolImages }) =>
  apiFetch<Tool>(`/tools/${encodeURIComponent(id)}/images`, { method: 'PUT', body: input });

/** Manage All Products' photos: their order, the main one first (decision 058). */
export const useSetToolImages = () => useToolEdit(setToolImages);

export const deleteTool = (id: string) =>
  apiFetch<DeleteResult>(`/tools/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: toolKeys.detail(id), exact: true });
    },
    // A refusal (e.g. another admin already removed it) also means our list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
