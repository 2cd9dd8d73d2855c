import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { MAX_REVIEWS_PER_DAY } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { MAX_PAGE_LIMIT, resolvePage, wantsPage, type Page, type PageQuery } from '@toolshop/shared/paging';
import type { Review, ReviewInput } from '@toolshop/shared/review';
import type { ChangeFeed } from '../db/change-feed';
import { REVIEWS_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { isPaidSql } from '../db/order-status';
import { orders, reviews, user } from '../db/schema';
import { forbidden } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import type { Viewer } from '../viewer';

/**
 * A review's author is a verified buyer when they have an order that was paid (or since delivered). The
 * columns are qualified by hand: inside a select list Drizzle renders bare column names, and a bare
 * "user_id" in the subquery would mean orders.user_id on both sides.
 */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
const verifiedBuyer = sql<boolean>`exists (
  select 1 from ${orders}
  where ${column('orders', 'user_id')} = ${column('reviews', 'user_id')}
    and ${isPaidSql(column('orders', 'status'))}
)`;

const columns = {
  id: reviews.id,
  name: reviews.name,
  ratings: reviews.ratings,
  description: reviews.description,
  verifiedBuyer,
};

type ReviewRow = { id: string; name: string; ratings: number; description: string; verifiedBuyer: boolean };

const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  ratings: row.ratings,
  description: row.description,
  verifiedBuyer: Boolean(row.verifiedBuyer),
});

export function createReviewService(db: Database, changes: ChangeFeed) {
  return {
    /**
     * Newest first, so the home page's grid shows what customers said lately. Asked for a page: that page
     * and the total; otherwise SPEC §7's plain array, bounded to the newest MAX_PAGE_LIMIT.
     */
    async list(query: PageQuery = {}): Promise<Review[] | Page<Review>> {
      const paged = wantsPage(query);
      const { page, limit, offset } = paged
        ? resolvePage(query)
        : { page: 1, limit: MAX_PAGE_LIMIT, offset: 0 };
      const rows = await db
        .select(columns)
        .from(reviews)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
      const items = rows.map(toReviewDto);
      if (!paged) return items;
      const [counted] = await db.select({ total: count() }).from(reviews);
      return { items, total: counted!.total, page, limit };
    },

    /** The author is the signed-in customer, by their account's name: a body cannot speak for someone else. */
    async create(viewer: Viewer, input: ReviewInput): Promise<Review> {
      if (viewer.role === 'admin')
        throw forbidden('Reviews come from customers, not from the shop’s admins.');
      const created = await db.transaction(async (tx) => {
        // The account's row stays locked until the review is written: parallel posts cannot all pass the count.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, viewer.id)).for('update');
        const [today] = await tx
          .select({ reviews: count() })
          .from(reviews)
          .where(and(eq(reviews.userId, viewer.id), gt(reviews.createdAt, sql`now() - interval '1 day'`)));
        if (today!.reviews >= MAX_REVIEWS_PER_DAY) {
          throw new AppError(429, 'too_many_reviews', apiMessages.tooManyReviews(MAX_REVIEWS_PER_DAY));
        }
        const [inserted] = await tx
          .insert(reviews)
          .values({
            name: viewer.name,
            ratings: input.ratings,
            description: input.description,
            userId: viewer.id,
          })
          .returning({ id: reviews.id });
        await changes.announce(tx, REVIEWS_TOPIC);
        return inserted;
      });
      const [row] = await db.select(columns).from(reviews).where(eq(reviews.id, created!.id));
      return toReviewDto(row!);
    },

    /** An admin removes a review (spam, abuse); it is gone from every list. */
    async remove(id: string): Promise<{ deletedCount: number }> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
        if (removed.length === 0) throw notFound('Review not found');
        await changes.announce(tx, REVIEWS_TOPIC);
        return { deletedCount: 1 };
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
