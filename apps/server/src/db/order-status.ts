import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PAID_STATUSES } from '@toolshop/shared/order-status';
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

/** An order's line as read with its row, its total from `order_total_cents` (exact, in SQL). */
export interface OrderLineRow {
  toolId: string;
  toolName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/**
 * An order's lines in the buyer's order and their subtotal, read with its row in one subquery: every
 * place that shows an order shows what it is made of, and the amounts are the database's (decision 047).
 */
const linesSql = sql<{ lines: OrderLineRow[]; subtotalCents: number }>`(
  select json_build_object(
    'lines', coalesce(json_agg(json_build_object(
      'toolId', "line"."tool_id", 'toolName', "line"."tool_name", 'quantity', "line"."quantity",
      'unitPriceCents', "line"."unit_price_cents",
      'totalCents', order_total_cents("line"."quantity", "line"."unit_price_cents")
    ) order by "line"."position"), '[]'::json),
    'subtotalCents', coalesce(sum(order_total_cents("line"."quantity", "line"."unit_price_cents")), 0)
  ) from "order_lines" as "line" where "line"."order_id" = ${orders.id}
)`;

/** An orders row as the shop reads it: its columns, its lines, and whether it is past its hold now. */
export const orderRowColumns = { ...getTableColumns(orders), pastHold: pastHoldSql, made: linesSql };
export type OrderRow = typeof orders.$inferSelect & {
  pastHold: boolean;
  made: { lines: OrderLineRow[]; subtotalCents: number };
};

/**
 * What an order was charged, in cents: its lines at the prices copied onto them, and its shipping. `id`
 * and `shipping` are the order's columns however its query names them. Every order has its lines
 * (decision 047), so this holds for one-tool and several-line orders alike.
 */
export const orderTotalSql = (id: SQLWrapper, shipping: SQLWrapper): SQL =>
  sql`((select coalesce(sum(order_total_cents(l.quantity, l.unit_price_cents)), 0) from order_lines l where l.order_id = ${id}) + ${shipping})`;
