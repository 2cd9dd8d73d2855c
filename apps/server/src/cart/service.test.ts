import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { cartLines, carts, shopSettings, tools } from '../db/schema';
import { createTool } from '../test/catalogue';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';
import { createCartService, hashVisitorToken, newVisitorToken, type CartService } from './service';

let handle: DatabaseHandle;
let cartService: CartService;

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  cartService = createCartService(handle.db);
}, 60_000);
afterAll(() => handle?.close());

const visitor = () => ({ tokenHash: hashVisitorToken(newVisitorToken()) });
const account = async () => ({
  userId: (await insertBuyers(handle.db, `cart-${randomUUID().slice(0, 8)}`, 1))[0]!.id,
});

describe('the cart service (decision 046)', () => {
  it('adds lines, adds units to a tool already in the cart capped by what is available, and totals them', async () => {
    const owner = visitor();
    const wrench = await createTool(handle.db, { name: 'Wrench', priceCents: 1999, onHand: 10 });
    const pairs = await createTool(handle.db, { priceCents: 500, minimumOrder: 2, onHand: 100 });

    await cartService.addLine(owner, { toolId: wrench.id, quantity: 4 });
    await cartService.addLine(owner, { toolId: pairs.id, quantity: 2 });
    const cart = await cartService.addLine(owner, { toolId: wrench.id, quantity: 9 });

    expect(cart.lines.map((line) => [line.name, line.quantity, line.lineTotalCents])).toEqual([
      ['Wrench', 10, 19_990],
      [pairs.name, 2, 1_000],
    ]);
    expect(cart).toMatchObject({
      subtotalCents: 20_990,
      shippingCents: 0,
      totalCents: 20_990,
      readyForCheckout: true,
    });
    // A cart reserves nothing.
    const [stock] = await handle.db.select().from(tools).where(eq(tools.id, wrench.id));
    expect(stock!.reserved).toBe(0);
  });

  it('refuses a quantity outside the tool rules and a tool that is gone, with a clear 4xx', async () => {
    const owner = visitor();
    const pairs = await createTool(handle.db, { minimumOrder: 2, onHand: 5 });
    const gone = await createTool(handle.db, { deletedAt: new Date() });
    await expect(cartService.addLine(owner, { toolId: pairs.id, quantity: 1 })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.quantity': 'quantity error' },
    });
    await expect(cartService.addLine(owner, { toolId: pairs.id, quantity: 6 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'insufficient_stock',
    });
    await expect(cartService.addLine(owner, { toolId: gone.id, quantity: 1 })).rejects.toMatchObject({
      statusCode: 404,
    });
    await cartService.addLine(owner, { toolId: pairs.id, quantity: 2 });
    await expect(cartService.updateLine(owner, pairs.id, { quantity: 6 })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await cartService.updateLine(owner, pairs.id, { quantity: 5 })).lines[0]!.quantity).toBe(5);
  });

  it('refuses the 51st tool with 409 cart_full', async () => {
    const owner = visitor();
    const first = await createTool(handle.db);
    await cartService.addLine(owner, { toolId: first.id, quantity: 1 });
    const [cart] = await handle.db.select().from(carts).where(eq(carts.tokenHash, owner.tokenHash));
    const others = await Promise.all(Array.from({ length: MAX_CART_LINES - 1 }, () => createTool(handle.db)));
    await handle.db
      .insert(cartLines)
      .values(others.map((tool) => ({ cartId: cart!.id, toolId: tool.id, quantity: 1, seenPriceCents: 1 })));
    const extra = await createTool(handle.db);
    await expect(cartService.addLine(owner, { toolId: extra.id, quantity: 1 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'cart_full',
    });
  });

  it('tells each line that was deleted, repriced or fell short of stock, until the customer fixes it', async () => {
    const owner = await account();
    const deleted = await createTool(handle.db);
    const repriced = await createTool(handle.db, { priceCents: 1000 });
    const short = await createTool(handle.db, { onHand: 10 });
    for (const tool of [deleted, repriced, short]) {
      await cartService.addLine(owner, { toolId: tool.id, quantity: 5 });
    }
    await handle.db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, deleted.id));
    await handle.db.update(tools).set({ priceCents: 1200 }).where(eq(tools.id, repriced.id));
    await handle.db.update(tools).set({ reserved: 7 }).where(eq(tools.id, short.id));

    const cart = await cartService.read(owner);
    expect(
      cart.lines.map(({ gone, priceChanged, shortOfStock }) => [gone, priceChanged, shortOfStock]),
    ).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    expect(cart.readyForCheckout).toBe(false);
    // Lines that are gone count for nothing; the others at today's prices.
    expect(cart.subtotalCents).toBe(5 * 1200 + 5 * short.priceCents);

    await cartService.removeLine(owner, deleted.id);
    await cartService.updateLine(owner, repriced.id, { quantity: 5 });
    const fixed = await cartService.updateLine(owner, short.id, { quantity: 3 });
    expect(fixed.readyForCheckout).toBe(true);
  });

  it('charges the shop shipping on a cart, and none on an empty one', async () => {
    await handle.db.update(shopSettings).set({ shippingFeeCents: 495, freeShippingFromCents: 10_000 });
    const owner = visitor();
    expect(await cartService.read(owner)).toMatchObject({ lines: [], shippingCents: 0, totalCents: 0 });
    const tool = await createTool(handle.db, { priceCents: 1000 });
    expect(await cartService.addLine(owner, { toolId: tool.id, quantity: 3 })).toMatchObject({
      subtotalCents: 3000,
      shippingCents: 495,
      totalCents: 3495,
    });
    await handle.db.update(shopSettings).set({ shippingFeeCents: 0, freeShippingFromCents: null });
  });

  it("merges a visitor's cart into the account's on sign-in: units added, capped by what is available", async () => {
    const owner = await account();
    const guest = visitor();
    const both = await createTool(handle.db, { onHand: 8 });
    const accountOnly = await createTool(handle.db);
    const guestOnly = await createTool(handle.db);
    await cartService.addLine(owner, { toolId: both.id, quantity: 5 });
    await cartService.addLine(owner, { toolId: accountOnly.id, quantity: 1 });
    await cartService.addLine(guest, { toolId: both.id, quantity: 6 });
    await cartService.addLine(guest, { toolId: guestOnly.id, quantity: 2 });

    const merged = await cartService.mergeVisitorCart(guest.tokenHash, owner.userId);

    expect(merged.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [both.id, 8],
      [accountOnly.id, 1],
      [guestOnly.id, 2],
    ]);
    expect(await handle.db.select().from(carts).where(eq(carts.tokenHash, guest.tokenHash))).toEqual([]);
  });

  it('drops visitor carts unused for 30 days, and keeps accounts’ carts', async () => {
    const stale = visitor();
    const fresh = visitor();
    const owner = await account();
    const tool = await createTool(handle.db);
    for (const who of [stale, fresh, owner]) await cartService.addLine(who, { toolId: tool.id, quantity: 1 });
    await handle.db
      .update(carts)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(sql`${carts.tokenHash} = ${stale.tokenHash} or ${carts.userId} = ${owner.userId}`);

    await cartService.dropStaleVisitorCarts();

    expect((await cartService.read(stale)).lines).toEqual([]);
    expect((await cartService.read(fresh)).lines).toHaveLength(1);
    expect((await cartService.read(owner)).lines).toHaveLength(1);
  });

  it('keeps a visitor cart changed within 30 days, its use recorded to the minute', async () => {
    const tool = await createTool(handle.db);
    const [changedLately, usedJustInside] = [visitor(), visitor()];
    for (const who of [changedLately, usedJustInside]) {
      await cartService.addLine(who, { toolId: tool.id, quantity: 1 });
    }
    const recordUse = (who: { tokenHash: string }, ago: string) =>
      handle.db
        .update(carts)
        .set({ lastUsedAt: sql`now() - ${ago}::interval` })
        .where(eq(carts.tokenHash, who.tokenHash));
    // A change records a use over a minute old afresh.
    await recordUse(changedLately, '31 days');
    await cartService.addLine(changedLately, { toolId: tool.id, quantity: 1 });
    // A use recorded 30 days and 30 seconds ago may be up to a minute older than the last change.
    await recordUse(usedJustInside, '30 days 30 seconds');

    await cartService.dropStaleVisitorCarts();

    expect((await cartService.read(changedLately)).lines.map((line) => line.quantity)).toEqual([2]);
    expect((await cartService.read(usedJustInside)).lines).toHaveLength(1);
  });
});

// Adds that arrive together go to the database as one call (decision 070): each must still be answered
// with its own cart, and one the database refuses must fail alone.
describe('adds sent together (decision 070)', () => {
  it("answers each visitor's add with that visitor's cart, refusals included", async () => {
    const tools = await Promise.all(
      Array.from({ length: 8 }, () => createTool(handle.db, { minimumOrder: 2 })),
    );
    const visitors = tools.map(visitor);

    const answers = await Promise.allSettled(
      tools.map((tool, i) =>
        // The third visitor asks for fewer than the tool's minimum order.
        cartService.addLine(visitors[i]!, { toolId: tool.id, quantity: i === 2 ? 1 : i + 2 }),
      ),
    );

    answers.forEach((answer, i) => {
      if (i === 2) {
        expect(answer).toMatchObject({ status: 'rejected', reason: { statusCode: 400 } });
        return;
      }
      expect(answer.status).toBe('fulfilled');
      const cart = (answer as PromiseFulfilledResult<Awaited<ReturnType<CartService['addLine']>>>).value;
      expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([[tools[i]!.id, i + 2]]);
    });
    expect((await cartService.read(visitors[2]!)).lines).toEqual([]);
  });

  it('answers two adds to one cart sent together with the cart as both leave it', async () => {
    const [held, added] = [await createTool(handle.db), await createTool(handle.db)];
    const owner = visitor();
    await cartService.addLine(owner, { toolId: held.id, quantity: 2 });

    const answers = await Promise.all([
      cartService.addLine(owner, { toolId: held.id, quantity: 3 }),
      cartService.addLine(owner, { toolId: added.id, quantity: 4 }),
    ]);

    const both = [
      [held.id, 5],
      [added.id, 4],
    ];
    for (const cart of [...answers, await cartService.read(owner)]) {
      expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual(both);
    }
  });

  it('fails only the add the database refuses when the others were sent with it', async () => {
    const good = await createTool(handle.db);
    const refused = await createTool(handle.db);
    // A fault only this tool's lines meet, as an unforeseen error of the database would be.
    await handle.db.execute(sql`
      create function test_refuse_line() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await handle.db.execute(
      sql.raw(`
      create trigger test_refuse_line before insert on cart_lines for each row
      when (new.tool_id = '${refused.id}') execute function test_refuse_line()`),
    );
    const visitors = Array.from({ length: 6 }, visitor);

    const answers = await Promise.allSettled(
      visitors.map((owner, i) =>
        cartService.addLine(owner, { toolId: i === 3 ? refused.id : good.id, quantity: 1 }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const [i, owner] of visitors.entries()) {
      const expected = i === 3 ? [] : [[good.id, 1]];
      const cart = await cartService.read(owner);
      expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual(expected);
    }
  });
});
