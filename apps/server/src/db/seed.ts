import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { categories, productReviews, reviews, tools } from './schema';
import { seedProductReviews, seedReviews, seedTools } from './seed-data';

/**
 * Writes the demo catalogue, its reviews and the shop's, but only into an empty shop: once an owner has a
 * catalogue of their own, a restart never adds demo data to it. Returns whether anything was written.
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
    const written = await tx
      .insert(tools)
      .values(
        seedTools.map(({ availableQuantity, category, ...tool }, i) => ({
          ...tool,
          onHand: availableQuantity,
          categoryId: categoryIds.get(category) ?? null,
          createdAt: new Date(now - i * 1000),
        })),
      )
      .returning({ id: tools.id, name: tools.name });
    const toolIds = new Map(written.map((tool) => [tool.name, tool.id]));
    // Written days apart, so that "newest first" shows them in a believable order.
    await tx.insert(productReviews).values(
      seedProductReviews.map(({ tool, ...review }, i) => {
        const at = new Date(now - (seedProductReviews.length - i) * 86_400_000);
        return { ...review, toolId: toolIds.get(tool)!, createdAt: at, updatedAt: at };
      }),
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
