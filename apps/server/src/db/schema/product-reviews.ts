import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { tools } from './catalogue';
import { createdAt, updatedAt } from './columns';

/* Ratings and reviews of the tools by their buyers (decision 057): the product-reviews feature's tables. */

/** One customer's review of one tool: a second one replaces the first (the unique pair). */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    /** Its author; null for the demo catalogue's reviews, which no account wrote (migration 0031). */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** The author's name when they last wrote it. */
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** Helpful votes, counted with each vote's row in the statement that writes it. */
    helpful: integer('helpful').notNull().default(0),
    createdAt: createdAt(),
    /** When it was last written: the "newest" order and the date shown. */
    updatedAt: updatedAt(),
    /** Set when an admin hid it, with why: a hidden review leaves the pages and the tool's rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    unique('product_reviews_one_per_customer').on(table.toolId, table.userId),
    check('product_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('product_reviews_helpful_not_negative', sql`${table.helpful} >= 0`),
    check(
      'product_reviews_hidden_has_reason',
      sql`(${table.hiddenAt} is null) = (${table.hiddenReason} is null)`,
    ),
    // A product page's pages, in either order, of its visible reviews.
    index('product_reviews_tool_newest_idx')
      .on(table.toolId, table.updatedAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} is null`),
    index('product_reviews_tool_helpful_idx')
      .on(table.toolId, table.helpful.desc(), table.updatedAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} is null`),
    // The back office's list, newest first.
    index('product_reviews_updated_at_idx').on(table.updatedAt.desc(), table.id.desc()),
  ],
);

/** A signed-in customer found a review helpful: once per customer and review (the key). */
export const productReviewVotes = pgTable(
  'product_review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/**
 * Each reviewed tool's rating, from its visible reviews only: kept by the trigger `product_reviews_rate_tool`
 * (0023_product_reviews.sql), the one place that says which reviews count. `average` is computed by the
 * database from the two sums.
 */
export const toolRatings = pgTable('tool_ratings', {
  toolId: uuid('tool_id')
    .primaryKey()
    .references(() => tools.id),
  reviewCount: integer('review_count').notNull().default(0),
  ratingTotal: integer('rating_total').notNull().default(0),
  average: numeric('average', { precision: 3, scale: 2, mode: 'number' }).generatedAlwaysAs(
    sql`case when review_count > 0 then round(rating_total::numeric / review_count, 2) end`,
  ),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
});
