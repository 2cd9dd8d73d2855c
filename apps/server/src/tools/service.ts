import { and, desc, eq, isNull } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@toolshop/shared/money';
import type { Tool, ToolInput, ToolUpdate } from '@toolshop/shared/tool';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { tools } from '../db/schema';
import { notFound } from '../plugins/app/errors';

type ToolRow = typeof tools.$inferSelect;

/** The wire shape of SPEC §3: `_id`, dollars, camelCase quantities. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    img: row.img,
    description: row.description,
    minimumOrder: row.minimumOrder,
    availableQuantity: row.availableQuantity,
  };
}

/** Tools an admin has deleted are gone from the shop: every read and write below skips them. */
export const inCatalogue = isNull(tools.deletedAt);

const toolNotFound = () => notFound('Tool not found');

export function createToolService(db: Database) {
  /** Runs an update on a tool still in the catalogue; an unknown, malformed or deleted id is a 404. */
  async function updateListed(id: string, values: Partial<typeof tools.$inferInsert>): Promise<ToolRow> {
    if (!isUuid(id)) throw toolNotFound();
    const [row] = await db
      .update(tools)
      .set(values)
      .where(and(eq(tools.id, id), inCatalogue))
      .returning();
    if (!row) throw toolNotFound();
    return row;
  }

  return {
    /** The whole catalogue, newest first: the home page shows the first six, so new arrivals appear there. */
    async list(): Promise<Tool[]> {
      const rows = await db
        .select()
        .from(tools)
        .where(inCatalogue)
        .orderBy(desc(tools.createdAt), desc(tools.id));
      return rows.map(toToolDto);
    },

    async get(id: string): Promise<Tool> {
      // A malformed id cannot name a tool: answer as for any unknown one instead of letting the
      // database reject the cast.
      if (!isUuid(id)) throw toolNotFound();
      const [row] = await db
        .select()
        .from(tools)
        .where(and(eq(tools.id, id), inCatalogue));
      if (!row) throw toolNotFound();
      return toToolDto(row);
    },

    async create(input: ToolInput): Promise<Tool> {
      const { price, ...rest } = input;
      const [row] = await db
        .insert(tools)
        .values({ ...rest, priceCents: dollarsToCents(price) })
        .returning();
      return toToolDto(row!);
    },

    /** Price changes apply to new orders only: placed orders keep the unit price they were placed at. */
    async update(id: string, input: ToolUpdate): Promise<Tool> {
      const { price, ...rest } = input;
      return toToolDto(await updateListed(id, { ...rest, priceCents: dollarsToCents(price) }));
    },

    /** Sets the stock (admin restocking). Orders take stock atomically, so this is a plain write. */
    async restock(id: string, quantity: number): Promise<Tool> {
      return toToolDto(await updateListed(id, { availableQuantity: quantity }));
    },

    /** Removes a tool from the shop. The row stays, so past orders keep naming it. */
    async remove(id: string): Promise<{ deletedCount: number }> {
      await updateListed(id, { deletedAt: new Date() });
      return { deletedCount: 1 };
    },
  };
}
