import { and, eq, gte, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { apiMessages } from '@toolshop/shared/messages';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { tools } from '../db/schema';
import { AppError } from '../plugins/app/errors';

/** The change-feed topic of everything the catalogue shows: announced by every write that changes it. */
export const CATALOGUE_TOPIC = 'catalogue';

/** Tools an admin has deleted are gone from the shop: every customer read and write skips them. */
export const inCatalogue = isNull(tools.deletedAt);

/** What customers may still order: SPEC's `availableQuantity`. */
export const availableQuantity = sql<number>`(${tools.onHand} - ${tools.reserved})`;

/**
 * The tools feature owns stock (ARCHITECTURE §5): on hand is what the admin counts on the shelf, reserved
 * is what unpaid orders hold, and customers may order on hand − reserved. Orders and payments change stock
 * only through this service, each change one conditional UPDATE inside the caller's transaction, which
 * also tells every server process that the catalogue changed when that transaction commits.
 */
export function createStockService(changes: ChangeFeed) {
  return {
    /**
     * Reserves units for a new order, as a data-modifying CTE (`reserved`: the tool's id, name and price)
     * for the caller's statement that inserts the order from it and sends `notify`. The tool and the
     * quantity are the caller's placeholders: the statement is built once and prepared, and each run takes
     * the values of `reservationRun`. One conditional UPDATE: two buyers racing for the last units can
     * never both get them. It selects nothing when the tool is gone, the quantity is under its minimum
     * order or more than is available. The tool's row stays locked until COMMIT, so the caller sends it on
     * its own (autocommit: the commit is part of the statement) or as its transaction's last statement:
     * with every buyer of a tool queueing on that lock, each round trip held under it is a round trip every
     * other buyer waits for. `when`: the caller's own condition (an uncorrelated test, evaluated before the
     * tool's row is locked).
     */
    reservation(tx: Database, toolId: Placeholder, quantity: Placeholder, when?: SQL) {
      const reserved = tx.$with('reserved').as(
        tx
          .update(tools)
          .set({ reserved: sql`${tools.reserved} + ${quantity}` })
          .where(
            and(
              eq(tools.id, toolId),
              inCatalogue,
              lte(tools.minimumOrder, quantity),
              gte(availableQuantity, quantity),
              when,
            ),
          )
          .returning({ id: tools.id, name: tools.name, priceCents: tools.priceCents }),
      );
      return { reserved, notify: changes.notify };
    },

    /**
     * The announcement of one run of a reservation: its values, and `made()` (in a transaction) or
     * `committed()` (sent on its own) once it returned its row.
     */
    reservationRun: () => changes.announcement(CATALOGUE_TOPIC),

    /** An unpaid order is cancelled or expired: its units become available again. The caller releases once. */
    async release(tx: Database, toolId: string, quantity: number): Promise<void> {
      await tx
        .update(tools)
        .set({ reserved: sql`${tools.reserved} - ${quantity}` })
        .where(eq(tools.id, toolId));
      await changes.announce(tx, CATALOGUE_TOPIC);
    },

    /** An unpaid order is paid: its reserved units are sold, leaving the shelf. The caller commits once. */
    async sell(tx: Database, toolId: string, quantity: number): Promise<void> {
      await tx
        .update(tools)
        .set({ onHand: sql`${tools.onHand} - ${quantity}`, reserved: sql`${tools.reserved} - ${quantity}` })
        .where(eq(tools.id, toolId));
      await changes.announce(tx, CATALOGUE_TOPIC);
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

/** An admin's count below what unpaid orders hold cannot be stored (reserved ≤ on hand). */
export const onHandBelowReserved = (reserved: number, field: string) =>
  new AppError(409, 'stock_reserved', apiMessages.stockReserved(reserved), {
    [`body.${field}`]: apiMessages.stockReservedField(reserved),
  });
