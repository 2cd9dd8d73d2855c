import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PAID_STATUSES } from '@toolshop/shared/order';
import { orders } from './schema';

/**
 * `status` (an orders.status column, however its query names it) is one of an order paid for: the SQL twin
 * of packages/shared's `isPaidStatus`. Written as literals, as the statuses are constants, so that the
 * planner sees the same condition it would in hand-written SQL.
 */
export const isPaidSql = (status: SQL): SQL =>
  sql`${status} in (${sql.raw(PAID_STATUSES.map((paid) => `'${paid}'`).join(', '))})`;

/**
 * Whether an order is past its hold, by the database's clock (`order_past_hold`, migration 0016): selected
 * with the row as `pastHold`, and the condition of every filter and sweep by expiry (decision 044).
 */
export const pastHoldSql = sql<boolean>`order_past_hold(${orders.status}, ${orders.expiresAt})`;

/** An orders row as the shop reads it: its columns, and whether it is past its hold now. */
export const orderRowColumns = { ...getTableColumns(orders), pastHold: pastHoldSql };
export type OrderRow = typeof orders.$inferSelect & { pastHold: boolean };
