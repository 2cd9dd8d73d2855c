import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { DeleteResult } from '@toolshop/shared/order';
import type { Page } from '@toolshop/shared/paging';
import type { Review, ReviewInput } from '@toolshop/shared/review';
import { apiFetch } from '../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  page: (page: number, limit: number) => [...reviewKeys.all, { page, limit }] as const,
};

/** One page of reviews, newest first, and how many there are in all. */
export const getReviewPage = (page: number, limit: number) =>
  apiFetch<Page<Review>>(`/review?page=${page}&limit=${limit}`);

export const reviewPageQueryOptions = (page: number, limit: number) =>
  queryOptions({ queryKey: reviewKeys.page(page, limit), queryFn: () => getReviewPage(page, limit) });

/** Loaded by the screen's route before it is drawn; a new page is loaded before the screen changes. */
export const useReviewPage = (page: number, limit: number) =>
  useSuspenseQuery(reviewPageQueryOptions(page, limit)).data;

/** The server records the signed-in account as the author, whatever `name` says. */
export const addReview = (input: ReviewInput) => apiFetch<Review>('/review', { method: 'POST', body: input });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** Admins only: the review goes from the home page and every list. */
export const removeReview = (id: string) =>
  apiFetch<DeleteResult>(`/review/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemoveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
