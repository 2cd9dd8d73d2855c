import { randomUUID } from 'node:crypto';
import {
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
  LARGE_ORDER_SHARE_PERCENT,
  MAX_ORDERS_PER_MINUTE,
  MAX_RESERVED_UNITS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
} from '@toolshop/shared/constants';
import type pg from 'pg';
import { arrayLiteral } from '../db/arrays';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import type { Viewer } from '../viewer';

/** An order as a test hands it to `place_orders` itself: `details` is the JSON text its caller sends. */
export interface DirectOrder {
  id: string;
  userId: string;
  toolId: string;
  details: string;
}

/** An order of `quantity` of a tool for an account, with what a customer would send as its details. */
export const directOrder = (
  userId: string,
  toolId: string,
  details: Partial<{ quantity: number; address: string; phone: string | null }> = {},
): DirectOrder => ({
  id: randomUUID(),
  userId,
  toolId,
  details: JSON.stringify({
    email: `${userId}@example.com`,
    name: userId,
    quantity: 1,
    address: 'Test street',
    phone: null,
    ...details,
  }),
});

/** What `place_orders` answered for one order: placed (its id) or refused (why). */
export interface DirectOutcome {
  wanted_id: string;
  refusal: string | null;
  detail: string | null;
  order_id: string | null;
}

/**
 * Calls `place_orders` on `client` with the shop's own bounds, as one database call: what a batch of one
 * instance sends, without the batcher deciding which orders go together.
 */
export async function callPlaceOrders(
  client: pg.Client,
  orders: DirectOrder[],
  { deadline = null }: { deadline?: Date | string | null } = {},
): Promise<DirectOutcome[]> {
  const result = await client.query<DirectOutcome>(
    `select "placed"."wanted_id", "placed"."refusal", "placed"."detail", ("placed"."order")."id" as "order_id"
     from place_orders(
       ids => $1::uuid[], user_ids => $2::text[], tool_ids => $3::uuid[], details => $4::text[],
       max_unpaid_orders => $5, max_reserved_units => $6, max_orders_per_minute => $7, hold_minutes => 60,
       large_share_percent => $8, large_hold_minutes => $9, cool_down_minutes => $10,
       deadline => $11::timestamptz, channel => 'test', announcement => 'test'
     ) as "placed"`,
    [
      arrayLiteral(orders.map((order) => order.id)),
      arrayLiteral(orders.map((order) => order.userId)),
      arrayLiteral(orders.map((order) => order.toolId)),
      arrayLiteral(orders.map((order) => order.details)),
      MAX_UNPAID_ORDERS_PER_ACCOUNT,
      MAX_RESERVED_UNITS_PER_ACCOUNT,
      MAX_ORDERS_PER_MINUTE,
      LARGE_ORDER_SHARE_PERCENT,
      LARGE_ORDER_HOLD_MINUTES,
      LARGE_ORDER_COOL_DOWN_MINUTES,
      deadline,
    ],
  );
  return result.rows;
}

/** Verified accounts written straight into the database, as the viewers the orders service takes. */
export async function insertBuyers(db: Database, prefix: string, count: number): Promise<Viewer[]> {
  const viewers: Viewer[] = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    email: `${prefix}-${i}@example.com`,
    name: `${prefix} ${i}`,
    role: 'customer',
    image: null,
    sessionToken: '',
  }));
  await db
    .insert(user)
    .values(viewers.map(({ id, email, name }) => ({ id, email, name, emailVerified: true })));
  return viewers;
}
