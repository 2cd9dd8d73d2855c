import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@toolshop/shared/category';
import type { DeleteResult } from '@toolshop/shared/order';
import { apiFetch } from '../../lib/api-client';

export const categoryKeys = { all: ['categories'] as const };

export const getCategories = () => apiFetch<Category[]>('/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories });

/** Loaded by the screen's route before it is drawn (the categories screen). */
export const useCategories = () => useSuspenseQuery(categoriesQueryOptions()).data;

/**
 * For a menu that works without them (a product's category): what the route's loader put in the cache,
 * or nothing yet; a failed read leaves the menu with "No category" rather than failing the whole form.
 */
export const useCategoryChoices = () => useQuery(categoriesQueryOptions()).data ?? [];

/** After any change: the list again, and the back office's lists (the activity log has a new entry). */
function useCategoryMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}

export const useCreateCategory = () =>
  useCategoryMutation((input: CategoryInput) =>
    apiFetch<Category>('/categories', { method: 'POST', body: input }),
  );

export const useUpdateCategory = () =>
  useCategoryMutation(({ id, input }: { id: string; input: CategoryInput }) =>
    apiFetch<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );

export const useReorderCategories = () =>
  useCategoryMutation((order: string[]) =>
    apiFetch<Category[]>('/categories/order', { method: 'PUT', body: { order } }),
  );

export const useDeleteCategory = () =>
  useCategoryMutation((id: string) =>
    apiFetch<DeleteResult>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
