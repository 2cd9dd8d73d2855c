import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tools } from '../db/schema';

let counter = 0;

/** A tool written straight into the database, for tests that need exact stock and limits. */
export async function createTool(
  db: Database,
  values: Partial<typeof tools.$inferInsert> = {},
): Promise<typeof tools.$inferSelect> {
  counter += 1;
  const [tool] = await db
    .insert(tools)
    .values({
      name: `Test tool ${counter}-${Date.now().toString(36)}`,
      priceCents: 1250,
      img: '/images/tools/thermal-paste.svg',
      description: 'A tool made by a test.',
      minimumOrder: 1,
      availableQuantity: 100,
      ...values,
    })
    .returning();
  return tool!;
}

export async function stockOf(db: Database, toolId: string): Promise<number> {
  const [tool] = await db.select({ stock: tools.availableQuantity }).from(tools).where(eq(tools.id, toolId));
  return tool!.stock;
}
