import { sql, type SQL } from 'drizzle-orm';
import { MAX_RATING, MIN_RATING } from '@toolshop/shared/constants';
import type { AdminProductReview, ProductReview, ToolRating } from '@toolshop/shared/product-review';
import { isPaidSql } from '../db/order-status';
import { productReviews, type toolRatings } from '../db/schema';

/**
 * Who may review a tool, stated once (decision 057): a customer with an order of it that was paid for
 * (paid, shipped or delivered: the shop's one "earned" rule, decision 042). The same condition decides
 * whether a review is shown as a verified purchase. `userId` and `toolId` are SQL, however the query names
 * them; the subquery names its own tables so that neither is taken for one of the caller's.
 */
export const boughtSql = (userId: SQL, toolId: SQL): SQL<boolean> => sql<boolean>`exists (
  select 1 from "order_lines" as "bought_line"
  join "orders" as "bought_order" on "bought_order"."id" = "bought_line"."order_id"
  where "bought_order"."user_id" = ${userId} and "bought_line"."tool_id" = ${toolId}
    and ${isPaidSql(sql`"bought_order"."status"`)}
)`;

/** A product_reviews column named with its table: a select list alone would render it bare. */
const reviewColumn = (name: string) => sql`${sql.identifier('product_reviews')}.${sql.identifier(name)}`;

/** What a review is read with: its row's shown columns, and whether its author bought the tool. */
export const reviewColumns = {
  id: productReviews.id,
  toolId: productReviews.toolId,
  userId: productReviews.userId,
  name: productReviews.name,
  rating: productReviews.rating,
  body: productReviews.body,
  updatedAt: productReviews.updatedAt,
  helpful: productReviews.helpful,
  hiddenAt: productReviews.hiddenAt,
  hiddenReason: productReviews.hiddenReason,
  verifiedPurchase: boughtSql(reviewColumn('user_id'), reviewColumn('tool_id')),
};
export interface ReviewRow {
  id: string;
  toolId: string;
  userId: string | null;
  name: string;
  rating: number;
  body: string;
  updatedAt: Date;
  helpful: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  verifiedPurchase: boolean;
}

export const toReviewDto = (row: ReviewRow): ProductReview => ({
  _id: row.id,
  toolId: row.toolId,
  name: row.name,
  rating: row.rating,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
  verifiedPurchase: Boolean(row.verifiedPurchase),
  helpful: row.helpful,
});

export const toAdminReviewDto = (row: ReviewRow & { toolName: string }): AdminProductReview => ({
  ...toReviewDto(row),
  toolName: row.toolName,
  hidden:
    row.hiddenAt && row.hiddenReason !== null
      ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason }
      : null,
});

type RatingRow = Pick<
  typeof toolRatings.$inferSelect,
  'average' | 'reviewCount' | 'stars1' | 'stars2' | 'stars3' | 'stars4' | 'stars5'
>;

/** The rating a page shows, from the tool's `tool_ratings` row (none yet: no reviews). */
export function toRatingDto(row: RatingRow | undefined): ToolRating {
  const counts = row ? [row.stars1, row.stars2, row.stars3, row.stars4, row.stars5] : [];
  const histogram = [];
  for (let stars = MAX_RATING; stars >= MIN_RATING; stars -= 1) {
    histogram.push({ stars, count: counts[stars - 1] ?? 0 });
  }
  return { average: row?.average ?? null, count: row?.reviewCount ?? 0, histogram };
}
