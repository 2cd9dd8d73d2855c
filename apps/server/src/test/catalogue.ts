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
      onHand: 100,
      ...values,
    })
    .returning();
  return tool!;
}

/** What customers may still order (on hand − reserved). */
export async function stockOf(db: Database, toolId: string): Promise<number> {
  const [tool] = await db.select().from(tools).where(eq(tools.id, toolId));
  return tool!.onHand - tool!.reserved;
}

/** The tool's stock as the tools feature keeps it. */
export async function stockLevelsOf(
  db: Database,
  toolId: string,
): Promise<{ onHand: number; reserved: number }> {
  const [tool] = await db
    .select({ onHand: tools.onHand, reserved: tools.reserved })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool!;
}
