import { and, asc, desc, eq, ilike, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { OrderFilters } from '@toolshop/shared/order-filters';
import { containsPattern } from '../db/like';
import { orderTotalSql, pastHoldSql } from '../db/order-status';
import { orders } from '../db/schema';

/**
 * The SQL of Manage All Orders' filters (GET /order and /order/export.csv). Without a status, cancelled
 * orders are left out, as in SPEC's list; 'expired' and 'unpaid' follow the hold, not only the stored
 * status: an unpaid order past `expires_at` is expired even before the sweep has written it so.
 */
export function orderFilterWhere(filters: Pick<OrderFilters, 'status' | 'q'>): SQL | undefined {
  return and(statusCondition(filters.status), searchCondition(filters.q));
}

/** The hold is judged by the database's clock (decision 044), never this process's. */
function statusCondition(status: OrderFilters['status']): SQL | undefined {
  if (status === 'unpaid') return and(eq(orders.status, 'unpaid'), not(pastHoldSql));
  if (status === 'expired') return or(eq(orders.status, 'expired'), pastHoldSql);
  return status ? eq(orders.status, status) : ne(orders.status, 'cancelled');
}

/** `q` as a literal substring of the customer's name or e-mail, or of the name of any of its lines' tools. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const aLine = sql`exists (select 1 from order_lines l where l.order_id = ${orders.id} and l.tool_name ilike ${pattern})`;
  return or(ilike(orders.name, pattern), ilike(orders.email, pattern), aLine);
}

const orderTotal = orderTotalSql(orders.id, orders.shippingCents);

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
