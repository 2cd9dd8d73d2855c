import { and, desc, eq, lte } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@toolshop/shared/money';
import type { Tool, ToolInput, ToolUpdate } from '@toolshop/shared/tool';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { tools } from '../db/schema';
import { notFound } from '../plugins/app/errors';
import { CATALOGUE_TOPIC, createStockService, inCatalogue, onHandBelowReserved } from './stock';

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
    availableQuantity: row.onHand - row.reserved,
    onHand: row.onHand,
    reserved: row.reserved,
  };
}

const toolNotFound = () => notFound('Tool not found');

export function createToolService(db: Database, changes: ChangeFeed) {
  /** Runs a catalogue write in a transaction that tells every server process, at commit, that it changed. */
  const write = <T>(work: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await changes.announce(tx, CATALOGUE_TOPIC);
      return result;
    });

  /**
   * Runs an update on a tool still in the catalogue; an unknown, malformed or deleted id is a 404. A new
   * count on hand below what unpaid orders hold is refused (409) rather than stored: reserved ≤ on hand.
   */
  async function updateListed(
    id: string,
    values: Partial<typeof tools.$inferInsert>,
    onHandField = 'availableQuantity',
  ): Promise<ToolRow> {
    if (!isUuid(id)) throw toolNotFound();
    const withinReserved = values.onHand === undefined ? undefined : lte(tools.reserved, values.onHand);
    const [row] = await write((tx) =>
      tx
        .update(tools)
        .set(values)
        .where(and(eq(tools.id, id), inCatalogue, withinReserved))
        .returning(),
    );
    if (row) return row;
    const [current] = await db
      .select()
      .from(tools)
      .where(and(eq(tools.id, id), inCatalogue));
    if (!current) throw toolNotFound();
    throw onHandBelowReserved(current.reserved, onHandField);
  }

  return {
    /** What orders and payments change stock through (the tools feature owns it). */
    stock: createStockService(changes),

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
      const { price, availableQuantity, ...rest } = input;
      const [row] = await write((tx) =>
        tx
          .insert(tools)
          .values({ ...rest, onHand: availableQuantity, priceCents: dollarsToCents(price) })
          .returning(),
      );
      return toToolDto(row!);
    },

    /**
     * Price changes apply to new orders only: placed orders keep the unit price they were placed at.
     * `availableQuantity` here is the count on hand, as in a restock.
     */
    async update(id: string, input: ToolUpdate): Promise<Tool> {
      const { price, availableQuantity, ...rest } = input;
      return toToolDto(
        await updateListed(id, { ...rest, onHand: availableQuantity, priceCents: dollarsToCents(price) }),
      );
    },

    /**
     * Sets the stock on hand (admin restocking). Units held for unpaid orders are part of it, so a later
     * cancel or expiry makes them available without adding them twice.
     */
    async restock(id: string, quantity: number): Promise<Tool> {
      return toToolDto(await updateListed(id, { onHand: quantity }, 'restAvailableQuantity'));
    },

    /** Removes a tool from the shop. The row stays, so past orders keep naming it. */
    async remove(id: string): Promise<{ deletedCount: number }> {
      await updateListed(id, { deletedAt: new Date() });
      return { deletedCount: 1 };
    },
  };
}

export type ToolService = ReturnType<typeof createToolService>;
