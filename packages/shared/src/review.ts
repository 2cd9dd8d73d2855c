import { z } from 'zod';
import { numberField, required } from './fields';
import { messages } from './messages';
import { MAX_RATING, MIN_RATING } from './constants';
import { pageSchema } from './paging';

export { MAX_RATING, MIN_RATING };

/** A customer review as the API returns it (SPEC §3), and whether its author bought and paid here. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  ratings: z.number().int().min(MIN_RATING).max(MAX_RATING),
  description: z.string(),
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);
/** GET /review with `?page=&limit=`. */
export const reviewPageSchema = pageSchema(reviewSchema);

export const RATINGS_REQUIRED = 'Ratings are Required';
export const REVIEW_DESCRIPTION_MAX = 1000;

/**
 * SPEC §5's Add A Review form and POST /review's body. The author is always the signed-in account: `name`
 * is shown prefilled and accepted, but the server records the account's own name.
 */
export const reviewInputSchema = z.object({
  name: z.string().trim().max(100).optional(),
  ratings: numberField(RATINGS_REQUIRED)
    .int(RATINGS_REQUIRED)
    .min(MIN_RATING, RATINGS_REQUIRED)
    .max(MAX_RATING, `At most ${MAX_RATING} stars`),
  description: z
    .string({ error: messages.descriptionRequired })
    .trim()
    .min(1, required(messages.descriptionRequired))
    .max(REVIEW_DESCRIPTION_MAX, `Must be ${REVIEW_DESCRIPTION_MAX} characters or fewer`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
