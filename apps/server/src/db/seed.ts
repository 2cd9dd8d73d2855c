import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { categories, reviews, tools } from './schema';
import { seedReviews, seedTools } from './seed-data';

/**
 * Writes the demo catalogue and reviews, but only into an empty shop: once an owner has a catalogue of
 * their own, a restart never adds demo data to it. Returns whether anything was written.
 */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(tools)) as [
    { count: number },
  ];
  if (count > 0) return false;

  // Spaced creation times keep the lists in the order written in seed-data.ts, both newest first: the
  // first tool listed there is the newest, and the last review listed there is the newest.
  const now = Date.now();
  await db.transaction(async (tx) => {
    // The categories come from migration 0021; one an admin removed leaves its demo tools in none.
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    await tx.insert(tools).values(
      seedTools.map(({ availableQuantity, category, ...tool }, i) => ({
        ...tool,
        onHand: availableQuantity,
        categoryId: categoryIds.get(category) ?? null,
        createdAt: new Date(now - i * 1000),
      })),
    );
    await tx.insert(reviews).values(
      seedReviews.map((review, i) => ({
        ...review,
        createdAt: new Date(now - (seedReviews.length - i) * 1000),
      })),
    );
  });
  return true;
}
