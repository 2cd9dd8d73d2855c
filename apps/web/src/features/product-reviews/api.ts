import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Page } from '@toolshop/shared/paging';
import type { AdminProductReview } from '@toolshop/shared/product-review';
import { apiFetch } from '../../lib/api-client';

export const productReviewKeys = {
  admin: ['product-reviews', 'admin'] as const,
  adminPage: (page: number, limit: number) => [...productReviewKeys.admin, { page, limit }] as const,
};

/** Admins: every product review, hidden ones too, newest first. */
export const adminProductReviewsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: productReviewKeys.adminPage(page, limit),
    queryFn: () => apiFetch<Page<AdminProductReview>>(`/admin/product-reviews?page=${page}&limit=${limit}`),
  });

export const useAdminProductReviews = (page: number, limit: number) =>
  useSuspenseQuery(adminProductReviewsQueryOptions(page, limit)).data;

/** Admins: the review leaves its product page and the tool's rating; the activity log keeps the reason. */
export function useHideProductReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch<AdminProductReview>(`/product-reviews/${encodeURIComponent(id)}/hide`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productReviewKeys.admin }),
  });
}
