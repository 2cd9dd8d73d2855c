import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@toolshop/shared/review';
import { apiFetch } from '../../lib/api-client';

export const reviewKeys = { all: ['reviews'] as const };

export const getReviews = () => apiFetch<Review[]>('/review');

export const reviewsQueryOptions = () => queryOptions({ queryKey: reviewKeys.all, queryFn: getReviews });

export const useReviews = () => useQuery(reviewsQueryOptions());
