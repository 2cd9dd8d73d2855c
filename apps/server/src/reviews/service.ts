import { desc, eq, sql } from 'drizzle-orm';
import type { Review, ReviewInput } from '@toolshop/shared/review';
import type { Database } from '../db/client';
import { orders, reviews } from '../db/schema';
import { forbidden, type Viewer } from '../plugins/app/access';

/**
 * A review's author is a verified buyer when they have an order that was paid (or since delivered). The
 * columns are qualified by hand: inside a select list Drizzle renders bare column names, and a bare
 * "user_id" in the subquery would mean orders.user_id on both sides.
 */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
const verifiedBuyer = sql<boolean>`exists (
  select 1 from ${orders}
  where ${column('orders', 'user_id')} = ${column('reviews', 'user_id')}
    and ${column('orders', 'status')} in ('paid', 'delivered')
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

export function createReviewService(db: Database) {
  return {
    /** Newest first, so the home page's grid shows what customers said lately. */
    async list(): Promise<Review[]> {
      const rows = await db.select(columns).from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReviewDto);
    },

    /** The author is the signed-in customer, by their account's name: a body cannot speak for someone else. */
    async create(viewer: Viewer, input: ReviewInput): Promise<Review> {
      if (viewer.role === 'admin')
        throw forbidden('Reviews come from customers, not from the shop’s admins.');
      const [created] = await db
        .insert(reviews)
        .values({
          name: viewer.name,
          ratings: input.ratings,
          description: input.description,
          userId: viewer.id,
        })
        .returning({ id: reviews.id });
      const [row] = await db.select(columns).from(reviews).where(eq(reviews.id, created!.id));
      return toReviewDto(row!);
    },
  };
}
