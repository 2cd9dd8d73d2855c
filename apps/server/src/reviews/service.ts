import { desc } from 'drizzle-orm';
import type { Review } from '@toolshop/shared/review';
import type { Database } from '../db/client';
import { reviews } from '../db/schema';

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewDto(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, ratings: row.ratings, description: row.description };
}

export function createReviewService(db: Database) {
  return {
    /** Newest first, so the home page's grid shows what customers said lately. */
    async list(): Promise<Review[]> {
      const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReviewDto);
    },
  };
}
