import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { cartLines, carts, orderLines, orders, tools } from '../db/schema';
import { createTool } from '../test/catalogue';
import { callPlaceCheckout, type CheckoutAnswer } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).

const CLIENTS = 32;
const ROUNDS = 3;
const TOOLS = 6;

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

describe('checkouts of overlapping carts racing for scarce tools', () => {
  it('oversells no unit, never deadlocks, and places every acknowledged order whole', async () => {
    const scarce = await Promise.all(
      Array.from({ length: TOOLS }, () => createTool(handle.db, { onHand: 12, minimumOrder: 1 })),
    );
    const next = numbers(27);
    const answers: { cartId: string; answer: CheckoutAnswer }[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const buyers = await insertBuyers(handle.db, `race-${round}`, CLIENTS);
      // Each cart: 3 of the scarce tools, added in an order of its own (so the lines' order never
      // matches the tools' ids), 1 to 3 units each.
      const wanted = await Promise.all(
        buyers.map(async (buyer) => {
          const picked = [...scarce].sort(() => next(3) - 1).slice(0, 3);
          const [cart] = await handle.db.insert(carts).values({ userId: buyer.id }).returning();
          await handle.db.insert(cartLines).values(
            picked.map((tool, i) => ({
              cartId: cart!.id,
              toolId: tool.id,
              quantity: 1 + next(3),
              seenPriceCents: tool.priceCents,
              addedAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)),
            })),
          );
          return { userId: buyer.id, cartId: cart!.id };
        }),
      );
      const placed = await Promise.all(
        wanted.map(({ userId, cartId }, i) =>
          callPlaceCheckout(drizzle({ client: clients[i]! }) as unknown as Database, { userId, cartId }),
        ),
      );
      answers.push(...placed.map((answer, i) => ({ cartId: wanted[i]!.cartId, answer })));
    }

    // Every answer is an order or a refusal for stock: no deadlock, no error.
    expect(answers.filter(({ answer }) => ![null, 'insufficient_stock'].includes(answer.refusal))).toEqual(
      [],
    );
    const placedIds = answers.flatMap(({ answer }) => (answer.order_id ? [answer.order_id] : []));
    expect(placedIds.length).toBeGreaterThan(0);
    expect(answers.some(({ answer }) => answer.refusal === 'insufficient_stock')).toBe(true);

    // No unit oversold: each tool's reserved units are exactly what the placed orders' lines hold.
    const held = await handle.db
      .select({ toolId: orderLines.toolId, units: sql<number>`sum(${orderLines.quantity})::integer` })
      .from(orderLines)
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

    // Every acknowledged order is whole: its three lines, its units, and its cart emptied of them; every
    // refused cart is as it was.
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
    for (const { cartId, answer } of answers) {
      const left = await handle.db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
      expect(left).toHaveLength(answer.order_id ? 0 : 3);
    }
  }, 120_000);
});
