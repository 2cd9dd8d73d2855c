import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { cartLines, carts, orderLines, orders, tools } from '../db/schema';
import { createTool } from '../test/catalogue';
import { callPlaceCheckout, callPlaceCheckouts } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).

const CLIENTS = 32;
const ROUNDS = 3;
const TOOLS = 6;
const BATCHES = 8;

type ToolRow = typeof tools.$inferSelect;

let handle: DatabaseHandle & { url?: string };
let clients: pg.Client[];

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      return client;
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all((clients ?? []).map((client) => client.end()));
  await handle?.close();
});

/** A small deterministic generator: the same carts every run, racing in whatever order the database sees. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** A placed order (`orderId`) or a refusal, for the cart it was asked of. */
interface Raced {
  cartId: string;
  orderId: string | null;
  refusal: string | null;
}

/** CLIENTS buyers, each with a cart of 3 of the `scarce` tools, added in an order of its own, 1 to 3 units each. */
async function cartsOfBuyers(prefix: string, scarce: ToolRow[], next: (below: number) => number) {
  const buyers = await insertBuyers(handle.db, prefix, CLIENTS);
  return Promise.all(
    buyers.map(async (buyer) => {
      // The lines' order never matches the tools' ids.
      const picked = [...scarce].sort(() => next(3) - 1).slice(0, 3);
      const lines = picked.map((tool) => ({
        toolId: tool.id,
        quantity: 1 + next(3),
        priceCents: tool.priceCents,
      }));
      const [cart] = await handle.db.insert(carts).values({ userId: buyer.id }).returning();
      await handle.db.insert(cartLines).values(
        lines.map((line, i) => ({
          cartId: cart!.id,
          toolId: line.toolId,
          quantity: line.quantity,
          seenPriceCents: line.priceCents,
          addedAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)),
        })),
      );
      return { userId: buyer.id, cartId: cart!.id, lines };
    }),
  );
}

/**
 * Every answer an order or a refusal for stock (no deadlock, no error); no unit oversold; every
 * acknowledged order whole, its cart emptied of its lines; every refused cart as it was.
 */
async function expectExact(scarce: ToolRow[], answers: Raced[]) {
  expect(answers.filter(({ refusal }) => ![null, 'insufficient_stock'].includes(refusal))).toEqual([]);
  const placedIds = answers.flatMap(({ orderId }) => (orderId ? [orderId] : []));
  expect(placedIds.length).toBeGreaterThan(0);
  expect(answers.some(({ refusal }) => refusal === 'insufficient_stock')).toBe(true);

  // Each tool's reserved units are exactly what the placed orders' lines hold.
  const held = await handle.db
    .select({ toolId: orderLines.toolId, units: sql<number>`sum(${orderLines.quantity})::integer` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, placedIds))
    .groupBy(orderLines.toolId);
  const stock = await handle.db
    .select({ id: tools.id, onHand: tools.onHand, reserved: tools.reserved })
    .from(tools)
    .where(
      inArray(
        tools.id,
        scarce.map((tool) => tool.id),
      ),
    );
  for (const tool of stock) {
    expect(tool.reserved).toBeLessThanOrEqual(tool.onHand);
    expect(tool.reserved).toBe(held.find((row) => row.toolId === tool.id)?.units ?? 0);
  }

  const lines = await handle.db
    .select({ orderId: orderLines.orderId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, placedIds));
  const placedOrders = await handle.db
    .select({ id: orders.id, quantity: orders.quantity })
    .from(orders)
    .where(inArray(orders.id, placedIds));
  expect(placedOrders).toHaveLength(placedIds.length);
  for (const order of placedOrders) {
    const own = lines.filter((line) => line.orderId === order.id);
    expect(own).toHaveLength(3);
    expect(own.reduce((sum, line) => sum + line.quantity, 0)).toBe(order.quantity);
  }
  for (const { cartId, orderId } of answers) {
    const left = await handle.db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
    expect(left).toHaveLength(orderId ? 0 : 3);
  }
}

const scarceTools = () =>
  Promise.all(Array.from({ length: TOOLS }, () => createTool(handle.db, { onHand: 12, minimumOrder: 1 })));
const on = (i: number) => drizzle({ client: clients[i]! }) as unknown as Database;

describe('checkouts of overlapping carts racing for scarce tools', () => {
  it('oversells no unit, never deadlocks, and places every acknowledged order whole', async () => {
    const scarce = await scarceTools();
    const next = numbers(27);
    const answers: Raced[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const wanted = await cartsOfBuyers(`race-${round}`, scarce, next);
      const placed = await Promise.all(
        wanted.map(({ userId, cartId }, i) => callPlaceCheckout(on(i), { userId, cartId })),
      );
      answers.push(
        ...placed.map((answer, i) => ({
          cartId: wanted[i]!.cartId,
          orderId: answer.order_id,
          refusal: answer.refusal,
        })),
      );
    }
    await expectExact(scarce, answers);
  }, 120_000);

  it('in batches of place_checkouts, of carts and of lines given, the tools locked in id order across each batch', async () => {
    const scarce = await scarceTools();
    const next = numbers(60);
    const answers: Raced[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const wanted = await cartsOfBuyers(`batch-race-${round}`, scarce, next);
      // BATCHES clients at once, each one call of CLIENTS / BATCHES checkouts; every other checkout names
      // its cart's lines instead of ordering the cart.
      const batches = Array.from({ length: BATCHES }, (_, b) => wanted.filter((_, i) => i % BATCHES === b));
      const placed = await Promise.all(
        batches.map((batch, b) =>
          callPlaceCheckouts(
            on(b),
            batch.map(({ userId, lines }, i) => ({ userId, lines: i % 2 === 0 ? undefined : lines })),
          ),
        ),
      );
      placed.forEach((batchAnswers, b) =>
        answers.push(
          ...batchAnswers.map((answer, i) => ({
            cartId: batches[b]![i]!.cartId,
            orderId: answer.refusal === null ? answer.wanted_id : null,
            refusal: answer.refusal === 'failed' ? `failed: ${answer.detail}` : answer.refusal,
          })),
        ),
      );
    }
    await expectExact(scarce, answers);
  }, 120_000);
});
