import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '@toolshop/shared/review';
import { apiFetch } from '../../lib/api-client';

export const reviewKeys = { all: ['reviews'] as const };

export const getReviews = () => apiFetch<Review[]>('/review');

export const reviewsQueryOptions = () => queryOptions({ queryKey: reviewKeys.all, queryFn: getReviews });

export const useReviews = () => useQuery(reviewsQueryOptions());

/** The server records the signed-in account as the author, whatever `name` says. */
export const addReview = (input: ReviewInput) => apiFetch<Review>('/review', { method: 'POST', body: input });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
