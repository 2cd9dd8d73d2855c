import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { reviews, tools } from './schema';
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

  // Spaced creation times keep the catalogue in the order it is written here.
  const start = Date.now() - seedTools.length * 1000;
  await db.transaction(async (tx) => {
    await tx
      .insert(tools)
      .values(seedTools.map((tool, i) => ({ ...tool, createdAt: new Date(start + i * 1000) })));
    await tx
      .insert(reviews)
      .values(seedReviews.map((review, i) => ({ ...review, createdAt: new Date(start + i * 1000) })));
  });
  return true;
}
