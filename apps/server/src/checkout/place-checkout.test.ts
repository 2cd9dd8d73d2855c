import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import type { tools } from '../db/schema';
import { cartLines, carts, orderHolds, orderLines, orders, shopSettings, user } from '../db/schema';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { callPlaceCheckout, type CheckoutLine } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';

let handle: DatabaseHandle;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
}, 60_000);
afterAll(() => handle?.close());

let buyerCount = 0;
/** A verified account of its own for each test: no test's orders count against another's bounds. */
async function buyer(): Promise<string> {
  buyerCount += 1;
  const [viewer] = await insertBuyers(db(), `checkout-${buyerCount}-${randomUUID().slice(0, 8)}`, 1);
  return viewer!.id;
}

/** The account's cart holding `lines`, added in the order given. */
async function cartOf(userId: string, lines: CheckoutLine[]): Promise<string> {
  const [cart] = await db().insert(carts).values({ userId }).returning();
  for (const [i, line] of lines.entries()) {
    await db()
      .insert(cartLines)
      .values({
        cartId: cart!.id,
        toolId: line.toolId,
        quantity: line.quantity,
        seenPriceCents: line.priceCents,
        addedAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)),
      });
  }
  return cart!.id;
}

const lineOf = (tool: typeof tools.$inferSelect, quantity: number): CheckoutLine => ({
  toolId: tool.id,
  quantity,
  priceCents: tool.priceCents,
});

const cartToolIds = async (cartId: string) =>
  (await db().select().from(cartLines).where(eq(cartLines.cartId, cartId))).map((line) => line.toolId).sort();

const holdsOf = async (userId: string) => {
  const [holds] = await db()
    .select({ unpaid: orderHolds.unpaidOrders, units: orderHolds.reservedUnits })
    .from(orderHolds)
    .where(eq(orderHolds.userId, userId));
  return holds!;
};

async function setShipping(feeCents: number, freeFromCents: number | null): Promise<void> {
  await db().update(shopSettings).set({ shippingFeeCents: feeCents, freeShippingFromCents: freeFromCents });
}

describe('place_checkout: one order of several lines, all lines or none', () => {
  it("places one order with every line of the cart, reserves each line's stock and empties the cart", async () => {
    await setShipping(0, null);
    const userId = await buyer();
    const wrench = await createTool(db(), { name: 'Wrench', priceCents: 1999, onHand: 100 });
    const drill = await createTool(db(), { name: 'Drill', priceCents: 12345, minimumOrder: 2, onHand: 100 });
    const tape = await createTool(db(), { name: 'Tape', priceCents: 250, onHand: 100 });
    const cartId = await cartOf(userId, [lineOf(drill, 2), lineOf(wrench, 3), lineOf(tape, 10)]);

    const answer = await callPlaceCheckout(db(), { userId, cartId });

    expect(answer).toMatchObject({ refusal: null, subtotal: '33187', shipping: 0, total: '33187' });
    const lines = await db()
      .select({
        position: orderLines.position,
        toolName: orderLines.toolName,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, answer.order_id!))
      .orderBy(asc(orderLines.position));
    expect(lines).toEqual([
      { position: 1, toolName: 'Drill', quantity: 2, unitPriceCents: 12345 },
      { position: 2, toolName: 'Wrench', quantity: 3, unitPriceCents: 1999 },
      { position: 3, toolName: 'Tape', quantity: 10, unitPriceCents: 250 },
    ]);
    // The one-tool columns summarise the order for the code that reads them: all its units, its tools.
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.order_id!));
    expect(order).toMatchObject({ status: 'unpaid', quantity: 15, toolName: 'Drill, Wrench, Tape' });
    expect(order!.expiresAt).not.toBeNull();
    expect(await stockLevelsOf(db(), drill.id)).toEqual({ onHand: 100, reserved: 2 });
    expect(await stockLevelsOf(db(), wrench.id)).toEqual({ onHand: 100, reserved: 3 });
    expect(await stockLevelsOf(db(), tape.id)).toEqual({ onHand: 100, reserved: 10 });
    // The account's bounds count the order once, with all its units.
    expect(await holdsOf(userId)).toEqual({ unpaid: 1, units: 15 });
    expect(await cartToolIds(cartId)).toEqual([]);
    const [cart] = await db().select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.lineCount).toBe(0);
  });

  it('refuses the whole order for one line, names the line and the reason, and changes nothing', async () => {
    const userId = await buyer();
    const first = await createTool(db(), { onHand: 50 });
    const second = await createTool(db(), { onHand: 50 });
    const scarce = await createTool(db(), { name: 'Scarce tool', onHand: 4 });
    const cartId = await cartOf(userId, [lineOf(first, 5), lineOf(second, 5), lineOf(scarce, 5)]);

    const answer = await callPlaceCheckout(db(), { userId, cartId });

    expect(answer).toMatchObject({
      refusal: 'insufficient_stock',
      refused_tool: scarce.id,
      detail: '4',
      order_id: null,
    });
    for (const tool of [first, second, scarce]) {
      expect(await stockLevelsOf(db(), tool.id)).toEqual({ onHand: tool.onHand, reserved: 0 });
    }
    expect(await holdsOf(userId)).toEqual({ unpaid: 0, units: 0 });
    expect(await cartToolIds(cartId)).toEqual([first.id, second.id, scarce.id].sort());
    expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it('names each line reason: gone, price changed, below the minimum order, not enough stock', async () => {
    const userId = await buyer();
    const fine = await createTool(db(), { onHand: 50 });
    const gone = await createTool(db(), { onHand: 50, deletedAt: new Date() });
    const repriced = await createTool(db(), { priceCents: 1500, onHand: 50 });
    const pairs = await createTool(db(), { name: 'Pry tool kit, pairs of 2', minimumOrder: 2, onHand: 50 });
    const scarce = await createTool(db(), { onHand: 3 });
    const cases: [CheckoutLine, string, string | null][] = [
      [lineOf(gone, 1), 'tool_not_found', null],
      [{ ...lineOf(repriced, 1), priceCents: 1400 }, 'price_changed', '1500'],
      [lineOf(pairs, 1), 'below_minimum_order', '2 Pry tool kit, pairs of 2'],
      [lineOf(scarce, 4), 'insufficient_stock', '3'],
    ];
    for (const [line, refusal, detail] of cases) {
      const answer = await callPlaceCheckout(db(), { userId, lines: [lineOf(fine, 1), line] });
      expect(answer).toMatchObject({ refusal, detail, refused_tool: line.toolId, order_id: null });
    }
    expect(await stockLevelsOf(db(), fine.id)).toEqual({ onHand: 50, reserved: 0 });
  });

  it("refuses what the account's bounds refuse, counting all the order's units", async () => {
    const tool = await createTool(db(), { onHand: 5000 });
    const other = await createTool(db(), { onHand: 5000 });
    const greedy = await buyer();
    const half = MAX_RESERVED_UNITS_PER_ACCOUNT / 2;
    // Each line alone is within the bound; the order's units are not.
    expect(
      await callPlaceCheckout(db(), { userId: greedy, lines: [lineOf(tool, half), lineOf(other, half + 1)] }),
    ).toMatchObject({ refusal: 'reserved_units_limit', refused_tool: null });

    const owing = await buyer();
    await db()
      .update(orderHolds)
      .set({ unpaidOrders: MAX_UNPAID_ORDERS_PER_ACCOUNT })
      .where(eq(orderHolds.userId, owing));
    expect(await callPlaceCheckout(db(), { userId: owing, lines: [lineOf(tool, 1)] })).toMatchObject({
      refusal: 'too_many_unpaid_orders',
    });

    const unverified = `checkout-unverified-${randomUUID()}`;
    await db()
      .insert(user)
      .values({ id: unverified, email: `${unverified}@example.com`, name: 'U' });
    expect(await callPlaceCheckout(db(), { userId: unverified, lines: [lineOf(tool, 1)] })).toMatchObject({
      refusal: 'email_not_verified',
    });
    expect(await stockLevelsOf(db(), tool.id)).toEqual({ onHand: 5000, reserved: 0 });
  });

  it("refuses another account's cart and an empty one", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const tool = await createTool(db());
    const cartId = await cartOf(owner, [lineOf(tool, 1)]);
    expect(await callPlaceCheckout(db(), { userId: stranger, cartId })).toMatchObject({
      refusal: 'cart_not_found',
    });
    expect(await cartToolIds(cartId)).toEqual([tool.id]);
    const emptyCart = await cartOf(stranger, []);
    expect(await callPlaceCheckout(db(), { userId: stranger, cartId: emptyCart })).toMatchObject({
      refusal: 'empty',
    });
  });

  it('places one order for one id, however often it is sent', async () => {
    const userId = await buyer();
    const tool = await createTool(db(), { onHand: 100 });
    const id = randomUUID();
    const first = await callPlaceCheckout(db(), { id, userId, lines: [lineOf(tool, 7)] });
    const again = await callPlaceCheckout(db(), { id, userId, lines: [lineOf(tool, 7)] });
    expect(again).toEqual(first);
    expect(await stockLevelsOf(db(), tool.id)).toEqual({ onHand: 100, reserved: 7 });
    expect(await holdsOf(userId)).toEqual({ unpaid: 1, units: 7 });
  });

  it('refuses lines that name one tool twice as a caller error', async () => {
    const userId = await buyer();
    const tool = await createTool(db());
    await expect(
      callPlaceCheckout(db(), { userId, lines: [lineOf(tool, 1), lineOf(tool, 2)] }),
    ).rejects.toThrow();
    expect(await stockLevelsOf(db(), tool.id)).toEqual({ onHand: tool.onHand, reserved: 0 });
  });

  it('charges the flat fee below the free-shipping threshold and nothing from it on', async () => {
    const tool = await createTool(db(), { priceCents: 1000, onHand: 1000 });
    await setShipping(495, 5000);
    const below = await callPlaceCheckout(db(), { userId: await buyer(), lines: [lineOf(tool, 4)] });
    expect(below).toMatchObject({ subtotal: '4000', shipping: 495, total: '4495' });
    const at = await callPlaceCheckout(db(), { userId: await buyer(), lines: [lineOf(tool, 5)] });
    expect(at).toMatchObject({ subtotal: '5000', shipping: 0, total: '5000' });
    // A placed order keeps the shipping it was charged when the settings change.
    await setShipping(999, null);
    const [stored] = (
      (await db().execute(
        sql`select "shipping_cents" from "orders" where "id" = ${below.order_id}`,
      )) as unknown as { rows: { shipping_cents: number }[] }
    ).rows;
    expect(stored).toEqual({ shipping_cents: 495 });
    await setShipping(0, null);
  });

  it('totals exactly to the cent: the lines plus shipping, for any lines and settings', async () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 150 }),
      priceCents: fc.integer({ min: 1, max: 2_147_483_647 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: null }),
        async (wanted, feeCents, freeFromCents) => {
          await setShipping(feeCents, freeFromCents);
          const userId = await buyer();
          const lines: CheckoutLine[] = [];
          for (const { quantity, priceCents } of wanted) {
            const tool = await createTool(db(), { priceCents, onHand: 1000 });
            lines.push({ toolId: tool.id, quantity, priceCents });
          }
          const answer = await callPlaceCheckout(db(), { userId, lines });
          const subtotal = wanted.reduce(
            (sum, { quantity, priceCents }) => sum + BigInt(quantity) * BigInt(priceCents),
            0n,
          );
          const shipping = freeFromCents !== null && subtotal >= BigInt(freeFromCents) ? 0 : feeCents;
          expect(answer).toMatchObject({
            refusal: null,
            subtotal: String(subtotal),
            shipping,
            total: String(subtotal + BigInt(shipping)),
          });
        },
      ),
      { numRuns: 25 },
    );
    await setShipping(0, null);
  });
});
