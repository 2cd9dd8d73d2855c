import { eq, isNull, sql } from 'drizzle-orm';
import { apiMessages } from '@toolshop/shared/messages';
import type { ChangeFeed } from '../db/change-feed';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { tools } from '../db/schema';
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
  return {
    /**
     * The announcement of a run of the reservation. The reservation itself lives in the database as
     * `take_stock` (migration 0010; the same rules as `inCatalogue` and `availableQuantity` above): one
     * conditional UPDATE of the tool's row, so two buyers racing for the last units can never both get
     * them. Orders' `place_orders` calls it for each order of a batch and sends this announcement once;
     * call `made()` (in a transaction) or `committed()` (sent on its own) when it reserved anything.
     * `toolIds`: the tools the run may reserve.
     */
    reservationRun: (toolIds: readonly string[]) => changes.announcement(CATALOGUE_TOPIC, toolIds),

    /** An unpaid order is cancelled or expired: its units become available again. The caller releases once. */
    async release(tx: Database, toolId: string, quantity: number): Promise<void> {
      await tx
        .update(tools)
        .set({ reserved: sql`${tools.reserved} - ${quantity}` })
        .where(eq(tools.id, toolId));
      await changes.announce(tx, CATALOGUE_TOPIC, [toolId]);
    },

    /** An unpaid order is paid: its reserved units are sold, leaving the shelf. The caller commits once. */
    async sell(tx: Database, toolId: string, quantity: number): Promise<void> {
      await tx
        .update(tools)
        .set({ onHand: sql`${tools.onHand} - ${quantity}`, reserved: sql`${tools.reserved} - ${quantity}` })
        .where(eq(tools.id, toolId));
      await changes.announce(tx, CATALOGUE_TOPIC, [toolId]);
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

/** An admin's count below what unpaid orders hold cannot be stored (reserved ≤ on hand). */
export const onHandBelowReserved = (reserved: number, field: string) =>
  new AppError(409, 'stock_reserved', apiMessages.stockReserved(reserved), {
    [`body.${field}`]: apiMessages.stockReservedField(reserved),
  });
