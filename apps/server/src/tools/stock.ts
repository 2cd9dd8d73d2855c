import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { apiMessages } from '@toolshop/shared/messages';
import type { ChangeFeed } from '../db/change-feed';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { orderLines, tools } from '../db/schema';
import { AppError } from '../plugins/app/errors';

/** Tools an admin has deleted are gone from the shop: every customer read and write skips them. */
export const inCatalogue = isNull(tools.deletedAt);

/** What customers may still order: SPEC's `availableQuantity` (the SQL function of migration 0015). */
export const availableQuantity = sql<number>`tool_available(${tools.onHand}, ${tools.reserved})`;

/**
 * The tools feature owns stock (ARCHITECTURE §5): on hand is what the admin counts on the shelf, reserved
 * is what unpaid orders hold, and customers may order on hand − reserved. Orders and payments change stock
 * only through this service, each change one conditional UPDATE inside the caller's transaction, which
 * also tells every server process that the catalogue changed when that transaction commits.
 */
export function createStockService(changes: ChangeFeed) {
  /**
   * Applies `change` to the tool of every line of the orders, with the units they order of it. Tools are
   * updated one by one in id order, the order `place_orders` and `place_checkout` lock them in, so that
   * releases, sales and placements of overlapping orders queue instead of deadlocking (decision 047).
   */
  async function changeEachLine(
    tx: Database,
    orderIds: readonly string[],
    change: (units: number) => Partial<Record<'onHand' | 'reserved', SQL>>,
  ): Promise<void> {
    if (orderIds.length === 0) return;
    const units = await tx
      .select({ toolId: orderLines.toolId, quantity: sql<number>`sum(${orderLines.quantity})::integer` })
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...orderIds]))
      .groupBy(orderLines.toolId)
      .orderBy(orderLines.toolId);
    for (const { toolId, quantity } of units) {
      await tx.update(tools).set(change(quantity)).where(eq(tools.id, toolId));
    }
    await changes.announce(
      tx,
      CATALOGUE_TOPIC,
      units.map((line) => line.toolId),
    );
  }

  return {
    /**
     * The announcement of a run of the reservation. The reservation itself lives in the database as
     * `take_stock` (migrations 0010, 0015, 0036; the same rules as `inCatalogue` and `availableQuantity`
     * above): one conditional UPDATE of the tool's row, so two buyers racing for the last units can never
     * both get them. Orders' `place_orders` calls it for each order of a batch and sends this announcement
     * once; call `made()` (in a transaction) or `committed()` (sent on its own) when it reserved anything.
     * `toolIds`: the tools the run may reserve.
     */
    reservationRun: (toolIds: readonly string[]) => changes.announcement(CATALOGUE_TOPIC, toolIds),

    /**
     * Unpaid orders are cancelled or expired: every line's units become available again. The caller
     * releases each order once.
     */
    async release(tx: Database, orderIds: readonly string[]): Promise<void> {
      await changeEachLine(tx, orderIds, (units) => ({ reserved: sql`${tools.reserved} - ${units}` }));
    },

    /** An unpaid order is paid: every line's reserved units are sold, leaving the shelf. The caller sells once. */
    async sell(tx: Database, orderId: string): Promise<void> {
      await changeEachLine(tx, [orderId], (units) => ({
        onHand: sql`${tools.onHand} - ${units}`,
        reserved: sql`${tools.reserved} - ${units}`,
      }));
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

/** An admin's count below what unpaid orders hold cannot be stored (reserved ≤ on hand). */
export const onHandBelowReserved = (reserved: number, field: string) =>
  new AppError(409, 'stock_reserved', apiMessages.stockReserved(reserved), {
    [`body.${field}`]: apiMessages.stockReservedField(reserved),
  });
