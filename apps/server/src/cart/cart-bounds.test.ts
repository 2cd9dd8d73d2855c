import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import type { tools } from '../db/schema';
import { cartLines, carts } from '../db/schema';
import { createTool } from '../test/catalogue';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';

let handle: DatabaseHandle;
let catalogue: (typeof tools.$inferSelect)[];

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  catalogue = [];
  for (let i = 0; i <= MAX_CART_LINES; i += 1) catalogue.push(await createTool(handle.db));
}, 60_000);
afterAll(() => handle?.close());

const visitorCart = async () =>
  (
    await handle.db
      .insert(carts)
      .values({ tokenHash: randomBytes(32).toString('hex') })
      .returning()
  )[0]!;

const linesOf = (cartId: string, from: number, to: number) =>
  catalogue
    .slice(from, to)
    .map((tool) => ({ cartId, toolId: tool.id, quantity: 1, seenPriceCents: tool.priceCents }));

const lineCountOf = async (cartId: string) =>
  (await handle.db.select().from(carts).where(eq(carts.id, cartId)))[0]!.lineCount;

describe('a cart holds at most 50 lines, whoever adds them', () => {
  it('refuses the 51st line, added alone or with others in one statement', async () => {
    const cart = await visitorCart();
    await handle.db.insert(cartLines).values(linesOf(cart.id, 0, 30));
    await handle.db.insert(cartLines).values(linesOf(cart.id, 30, MAX_CART_LINES));
    expect(await lineCountOf(cart.id)).toBe(MAX_CART_LINES);

    await expect(
      handle.db.insert(cartLines).values(linesOf(cart.id, MAX_CART_LINES, MAX_CART_LINES + 1)),
    ).rejects.toMatchObject({ cause: { constraint: 'carts_at_most_50_lines' } });
    const other = await visitorCart();
    await expect(
      handle.db.insert(cartLines).values(linesOf(other.id, 0, MAX_CART_LINES + 1)),
    ).rejects.toMatchObject({ cause: { constraint: 'carts_at_most_50_lines' } });
    expect(await lineCountOf(other.id)).toBe(0);
  });

  it('counts removed lines, so a full cart takes new lines once some are gone', async () => {
    const cart = await visitorCart();
    await handle.db.insert(cartLines).values(linesOf(cart.id, 0, MAX_CART_LINES));
    await handle.db.delete(cartLines).where(
      and(
        eq(cartLines.cartId, cart.id),
        inArray(
          cartLines.toolId,
          catalogue.slice(0, 2).map((tool) => tool.id),
        ),
      ),
    );
    expect(await lineCountOf(cart.id)).toBe(MAX_CART_LINES - 2);
    await handle.db.insert(cartLines).values(linesOf(cart.id, MAX_CART_LINES, MAX_CART_LINES + 1));
    expect(await lineCountOf(cart.id)).toBe(MAX_CART_LINES - 1);
  });

  it('belongs to an account or to a visitor, and an account has one cart', async () => {
    const [account] = await insertBuyers(handle.db, `cart-owner-${randomBytes(4).toString('hex')}`, 1);
    await handle.db.insert(carts).values({ userId: account!.id });
    await expect(handle.db.insert(carts).values({ userId: account!.id })).rejects.toMatchObject({
      cause: { constraint: 'carts_user_id_unique' },
    });
    await expect(handle.db.insert(carts).values({})).rejects.toMatchObject({
      cause: { constraint: 'carts_account_or_visitor' },
    });
  });
});
