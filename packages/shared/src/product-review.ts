import { z } from 'zod';
import { MAX_RATING, MIN_RATING } from './constants';
import { numberField, required } from './fields';
import { pageSchema } from './paging';
import {
  PRODUCT_REVIEW_BODY_MAX,
  PRODUCT_REVIEW_PAGE_SIZE,
  PRODUCT_REVIEW_SORTS,
  type ProductReviewSort,
} from './product-review-page';

/*
 * Ratings and reviews of one tool by the customers who bought it (decision 057), apart from SPEC's shop
 * reviews (review.ts): those are about the shop, these about a product.
 */

/** A tool's rating as every visitor sees it: from its visible reviews only (hidden ones leave it). */
export const toolRatingSchema = z.object({
  /** The mean of the visible reviews' stars, to two decimals; null without any. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many visible reviews gave 5, 4, 3, 2 and 1 stars, in that order (the histogram's bars). */
  histogram: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type ToolRating = z.infer<typeof toolRatingSchema>;

/** One review on a product page. Only a buyer may write one, so each is a verified purchase. */
export const productReviewSchema = z.object({
  _id: z.string(),
  toolId: z.string(),
  /** The author's name when they last wrote it. */
  name: z.string(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  body: z.string(),
  /** When it was last written: an edit replaces the review, and dates it anew. */
  updatedAt: z.string(),
  /** Whether its author has a paid order of the tool (paid, shipped or delivered). */
  verifiedPurchase: z.boolean(),
  /** How many signed-in customers found it helpful. */
  helpful: z.number().int(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

export const productReviewSortSchema = z.enum(
  Object.keys(PRODUCT_REVIEW_SORTS) as [ProductReviewSort, ...ProductReviewSort[]],
);

/** GET /tools/:id/reviews?sort=&page=&limit=. */
export const productReviewQuerySchema = z.object({
  sort: productReviewSortSchema.default('newest'),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(PRODUCT_REVIEW_PAGE_SIZE),
});
export type ProductReviewQuery = z.input<typeof productReviewQuerySchema>;

/** A page of a tool's visible reviews, with the tool's rating. */
export const productReviewPageSchema = pageSchema(productReviewSchema).extend({ rating: toolRatingSchema });
export type ProductReviewPage = z.infer<typeof productReviewPageSchema>;

export const RATING_REQUIRED = 'Choose a rating from 1 to 5 stars';

/** POST /tools/:id/reviews: the customer's review of the tool, new or replacing their earlier one. */
export const productReviewInputSchema = z.object({
  rating: numberField(RATING_REQUIRED)
    .int(RATING_REQUIRED)
    .min(MIN_RATING, RATING_REQUIRED)
    .max(MAX_RATING, RATING_REQUIRED),
  body: z
    .string({ error: 'Write a few words about the tool' })
    .trim()
    .min(1, required('Write a few words about the tool'))
    .max(PRODUCT_REVIEW_BODY_MAX, `Must be ${PRODUCT_REVIEW_BODY_MAX} characters or fewer`),
});
export type ProductReviewInput = z.infer<typeof productReviewInputSchema>;

/** GET /tools/:id/reviews/mine: whether the signed-in customer may review the tool, and their review. */
export const myProductReviewSchema = z.object({
  eligible: z.boolean(),
  review: productReviewSchema.nullable(),
  /** Whether an admin hid their review: it stays hidden when they edit it. */
  hidden: z.boolean(),
});
export type MyProductReview = z.infer<typeof myProductReviewSchema>;

/** POST /product-reviews/:id/helpful's answer: the review's count of helpful votes, this one's included. */
export const helpfulVoteSchema = z.object({ helpful: z.number().int() });

/** POST /product-reviews/:id/hide: an admin hides a review, saying why (kept in the activity log). */
export const hideProductReviewSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, required('Give a reason'))
    .max(300, 'Must be 300 characters or fewer'),
});

/** A review as the back office lists it: hidden ones too, with the tool's name and why it was hidden. */
export const adminProductReviewSchema = productReviewSchema.extend({
  toolName: z.string(),
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type AdminProductReview = z.infer<typeof adminProductReviewSchema>;
export const adminProductReviewPageSchema = pageSchema(adminProductReviewSchema);
