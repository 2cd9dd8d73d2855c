import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { OrderFilters } from '@toolshop/shared/order-filters';
import { orders } from '../db/schema';

/**
 * The SQL of Manage All Orders' filters (GET /order and /order/export.csv). It belongs to the orders
 * feature (apps/server/src/orders/order-query.ts) and lives here until that feature's rework lands.
 *
 * 'expired' and 'unpaid' follow the hold, not only the stored status: an unpaid order past `expires_at`
 * is expired even before the sweep has written it so.
 */
export function orderFilterWhere(
  filters: Pick<OrderFilters, 'status' | 'q'>,
  now = new Date(),
): SQL | undefined {
  return and(statusCondition(filters.status, now), searchCondition(filters.q));
}

function statusCondition(status: OrderFilters['status'], now: Date): SQL | undefined {
  if (status === 'unpaid')
    return and(eq(orders.status, 'unpaid'), sql`${orders.expiresAt} > ${now.toISOString()}`);
  if (status === 'expired') {
    return or(
      eq(orders.status, 'expired'),
      and(eq(orders.status, 'unpaid'), sql`${orders.expiresAt} <= ${now.toISOString()}`),
    );
  }
  return status ? eq(orders.status, status) : undefined;
}

/** `q` as a literal substring: % _ and \ in it match themselves, not LIKE's wildcards. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(ilike(orders.name, pattern), ilike(orders.email, pattern), ilike(orders.toolName, pattern));
}

const orderTotal = sql`${orders.quantity}::bigint * ${orders.unitPriceCents}`;

/** The order of a sort choice; ties broken by id so that pages never overlap or skip. */
export function orderSortBy(sort: OrderFilters['sort']): SQL[] {
  switch (sort) {
    case 'date-asc':
      return [asc(orders.createdAt), asc(orders.id)];
    case 'total-desc':
      return [desc(orderTotal), desc(orders.createdAt), desc(orders.id)];
    case 'total-asc':
      return [asc(orderTotal), asc(orders.createdAt), asc(orders.id)];
    case 'date-desc':
      return [desc(orders.createdAt), desc(orders.id)];
  }
}

/** LIMIT and OFFSET of a page. */
export const orderPageWindow = ({ page, limit }: Pick<OrderFilters, 'page' | 'limit'>) => ({
  limit,
  offset: (page - 1) * limit,
});
