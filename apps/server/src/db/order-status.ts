import { sql, type SQL } from 'drizzle-orm';
import { PAID_STATUSES } from '@toolshop/shared/order';

/**
 * `status` (an orders.status column, however its query names it) is one of an order paid for: the SQL twin
 * of packages/shared's `isPaidStatus`. Written as literals, as the statuses are constants, so that the
 * planner sees the same condition it would in hand-written SQL.
 */
export const isPaidSql = (status: SQL): SQL =>
  sql`${status} in (${sql.raw(PAID_STATUSES.map((paid) => `'${paid}'`).join(', '))})`;
