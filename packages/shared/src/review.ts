import { z } from 'zod';

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A customer review as the API returns it (SPEC §3). */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  ratings: z.number().int().min(MIN_RATING).max(MAX_RATING),
  description: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);
