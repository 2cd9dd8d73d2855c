import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { placeCheckoutsArguments } from '../checkout/place-checkouts-arguments';
import { typedArray } from '../db/arrays';
import { orderBoundArguments } from '../db/order-bounds';
import type { Database } from '../db/client';

/** A line as a checkout takes it: the tool, its units and the unit price its buyer saw. */
export interface CheckoutLine {
  toolId: string;
  quantity: number;
  priceCents: number;
}

/** What `place_checkout` answered, its amounts as decimal text (bigint, exact). */
export interface CheckoutAnswer {
  refusal: string | null;
  refused_tool: string | null;
  detail: string | null;
  order_id: string | null;
  number: string | null;
  subtotal: string | null;
  shipping: number | null;
  total: string | null;
}

/**
 * Calls `place_checkout` with the shop's own bounds, for `cartId`'s lines or the `lines` given (one of the
 * two), as one database call on `db` (a connection of its own in a race).
 */
export async function callPlaceCheckout(
  db: Database,
  {
    id = randomUUID(),
    userId,
    cartId = null,
    lines = null,
  }: { id?: string; userId: string; cartId?: string | null; lines?: CheckoutLine[] | null },
): Promise<CheckoutAnswer> {
  const details = JSON.stringify({
    email: `${userId}@example.com`,
    name: userId,
    address: '1 Checkout Road',
    phone: null,
  });
  const array = (values: (string | number)[] | undefined, type: 'uuid' | 'integer') =>
    values === undefined ? sql`null` : typedArray(values, type);
  const result = await db.execute(sql`
    select "placed"."refusal", "placed"."refused_tool", "placed"."detail",
      ("placed"."order")."id" as "order_id", ("placed"."order")."number"::text as "number",
      "placed"."subtotal"::text as "subtotal", "placed"."shipping", "placed"."total"::text as "total"
    from place_checkout(
      new_order => ${id}::uuid, buyer => ${userId}, cart => ${cartId}::uuid,
      line_tools => ${array(
        lines?.map((line) => line.toolId),
        'uuid',
      )},
      line_quantities => ${array(
        lines?.map((line) => line.quantity),
        'integer',
      )},
      line_prices => ${array(
        lines?.map((line) => line.priceCents),
        'integer',
      )},
      details => ${details},
      ${orderBoundArguments(60)},
      deadline => null, channel => 'test', announcement => 'test'
    ) as "placed"`);
  const [answer] = (result as unknown as { rows: CheckoutAnswer[] }).rows;
  return answer!;
}

/** A checkout as a test hands it to `place_checkouts`: of its account's cart (no `lines`) or of `lines`. */
export interface BatchedCheckout {
  id?: string;
  userId: string;
  lines?: CheckoutLine[];
  key?: string;
  address?: string;
}

/** What `place_checkouts` answered for one checkout. */
export interface BatchedAnswer {
  wanted_id: string;
  refusal: string | null;
  refused_tool: string | null;
  refused_name: string | null;
  detail: string | null;
  replayed_status: number | null;
  replayed_order: string | null;
}

/** Calls `place_checkouts` with the shop's own bounds, as one database call on `db`, autocommitted. */
export async function callPlaceCheckouts(db: Database, batch: BatchedCheckout[]): Promise<BatchedAnswer[]> {
  const calls = batch.map((wanted) => ({
    id: wanted.id ?? randomUUID(),
    userId: wanted.userId,
    lines:
      wanted.lines?.map((line) => ({
        toolId: line.toolId,
        quantity: line.quantity,
        seenPriceCents: line.priceCents,
      })) ?? null,
    details: {
      email: `${wanted.userId}@example.com`,
      name: wanted.userId,
      address: wanted.address ?? '1 Checkout Road',
      phone: null,
    },
    key: wanted.key ?? null,
    requestHash: wanted.key ? 'test-request' : null,
  }));
  const result = await db.execute(sql`
    select "wanted_id", "refusal", "refused_tool", "refused_name", "detail", "replayed_status", "replayed_order"
    from place_checkouts(
      ${placeCheckoutsArguments(calls)},
      ${orderBoundArguments(60)},
      deadline => null, channel => 'test', announcement => 'test'
    )`);
  return (result as unknown as { rows: BatchedAnswer[] }).rows;
}
