import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pastHoldSql } from '../db/order-status';
import { orderHolds, orders } from '../db/schema';
import type { StockService } from '../tools/stock';

/**
 * Expires the unpaid orders past their hold (those `filter` selects) and releases their stock, in the
 * caller's transaction. Rows another transaction is paying or cancelling are skipped, not waited for; every row
 * changes status only while it is still 'unpaid', so however many instances sweep at once, each order's
 * units are released exactly once. Locks are taken in the order every write takes them (orders, then the
 * accounts' order_holds rows, then tools), each kind sorted, so that two sweeps never deadlock. Returns how
 * many orders expired.
 */
export async function expireDueOrdersWithin(
  tx: Database,
  stock: StockService,
  filter?: SQL,
): Promise<number> {
  const due = await tx
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(and(pastHoldSql, filter))
    .for('update', { skipLocked: true });
  if (due.length === 0) return 0;
  // The status change below updates each account's holds (a trigger); lock them first, in a fixed order.
  await tx
    .select({ userId: orderHolds.userId })
    .from(orderHolds)
    .where(inArray(orderHolds.userId, [...new Set(due.map((row) => row.userId))]))
    .orderBy(orderHolds.userId)
    .for('update');
  const expired = await tx
    .update(orders)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
        eq(orders.status, 'unpaid'),
      ),
    )
    .returning({ id: orders.id });
  await stock.release(
    tx,
    expired.map((order) => order.id),
  );
  return expired.length;
}
