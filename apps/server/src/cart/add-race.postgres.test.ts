import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import { typedArray } from '../db/arrays';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { createTool } from '../test/catalogue';
import { callPlaceCheckouts } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import { createTestDatabase } from '../test/test-database';
import { createCartService, hashVisitorToken, newVisitorToken, type CartService } from './service';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name). Two
// services on the one database stand for two server instances; each add goes in one `cart_add_lines` call
// with the adds that came with it (decisions 062, 070), which must lock each cart before it reads the line
// it adds to, and lock a batch's carts in one order.

let handle: DatabaseHandle;
let instances: [CartService, CartService];

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  instances = [createCartService(handle.db), createCartService(handle.db)];
}, 60_000);
afterAll(() => handle?.close());

const visitor = () => ({ tokenHash: hashVisitorToken(newVisitorToken()) });

/** Twenty adds of one unit of a tool to one cart, sent at once, alternately to each instance. */
const twentyAddsAtOnce = (owner: ReturnType<typeof visitor>, toolId: string) =>
  Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => instances[i % 2]!.addLine(owner, { toolId, quantity: 1 })),
  );

const rejections = (answers: PromiseSettledResult<unknown>[]) =>
  answers.filter((answer) => answer.status === 'rejected');

describe('adds to one cart at once', () => {
  it('keeps every unit of twenty adds of one tool: none is lost to another', async () => {
    const owner = visitor();
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 100 });

    const answers = await twentyAddsAtOnce(owner, bits.id);

    expect(rejections(answers)).toEqual([]);
    const cart = await instances[0].read(owner);
    expect(cart.lines.map((line) => line.quantity)).toEqual([20]);
  });

  it('keeps every unit of adds to a line the cart already holds (written in place, migration 0041)', async () => {
    const owner = visitor();
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 1000 });
    await instances[0].addLine(owner, { toolId: bits.id, quantity: 1 });

    // Twenty rounds of twenty adds over the two instances: enough for two batches to overlap.
    for (let round = 0; round < 20; round++) {
      expect(rejections(await twentyAddsAtOnce(owner, bits.id))).toEqual([]);
    }

    const cart = await instances[0].read(owner);
    expect(cart.lines.map((line) => line.quantity)).toEqual([401]);
  });

  it(`keeps ${MAX_CART_LINES} of ${MAX_CART_LINES + 10} tools added at once, and refuses the rest with cart_full`, async () => {
    const owner = visitor();
    const tools = await Promise.all(Array.from({ length: MAX_CART_LINES + 10 }, () => createTool(handle.db)));

    const answers = await Promise.allSettled(
      tools.map((tool, i) => instances[i % 2]!.addLine(owner, { toolId: tool.id, quantity: 1 })),
    );

    const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []));
    expect(refused).toHaveLength(10);
    for (const reason of refused) expect(reason).toMatchObject({ statusCode: 409, code: 'cart_full' });
    expect((await instances[1].read(owner)).lineCount).toBe(MAX_CART_LINES);
  });
});

/** An add of one unit of a tool, by an account (`buyer`) or a visitor. */
interface Add {
  buyer: string | null;
  visitor: string | null;
  toolId: string;
}

/** One call of `cart_add_lines`: the adds, in the order given. */
function addBatch(adds: Add[]) {
  const buyers = typedArray(
    adds.map((add) => add.buyer),
    'text',
  );
  const visitors = typedArray(
    adds.map((add) => add.visitor),
    'text',
  );
  const tools = typedArray(
    adds.map((add) => add.toolId),
    'uuid',
  );
  const units = typedArray(
    adds.map(() => 1),
    'integer',
  );
  return handle.db.execute(
    sql`select count(*) from cart_add_lines(${buyers}, ${visitors}, ${tools}, ${units}, ${MAX_CART_LINES})`,
  );
}

describe('batches of adds to the same carts at once', () => {
  it('queue, never deadlock, whatever order each batch names the carts in', async () => {
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 10_000 });
    const owners = Array.from({ length: 12 }, () => ({
      buyer: null,
      visitor: visitor().tokenHash,
      toolId: bits.id,
    }));

    // Each round, two instances' batches name the same carts, one in the other's reverse order.
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.allSettled([addBatch(owners), addBatch([...owners].reverse())]);
      expect(rejections(answers)).toEqual([]);
    }
    const quantities = await Promise.all(
      owners.map(
        async ({ visitor: tokenHash }) => (await instances[0].read({ tokenHash })).lines[0]?.quantity,
      ),
    );
    expect(quantities).toEqual(owners.map(() => 20));
  });

  it('queue behind a batch of checkouts locking the same carts, never deadlock', async () => {
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 1_000_000 });
    // Their ids sort apart from their carts' ids, the order `place_checkouts` locks carts in.
    const buyers = await insertBuyers(handle.db, 'add-beside-checkout', 12);
    for (const buyer of buyers)
      await instances[0].addLine({ userId: buyer.id }, { toolId: bits.id, quantity: 1 });
    const checkouts = buyers.map((buyer) => ({
      userId: buyer.id,
      lines: [{ toolId: bits.id, quantity: 1, priceCents: bits.priceCents }],
    }));

    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.allSettled([
        addBatch(buyers.map((buyer) => ({ buyer: buyer.id, visitor: null, toolId: bits.id }))),
        callPlaceCheckouts(handle.db, checkouts),
      ]);
      expect(rejections(answers)).toEqual([]);
    }
  });

  it('queue behind a batch of checkouts locking the tools their new lines name, never deadlock', async () => {
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const tools = (
      await Promise.all(
        Array.from({ length: 8 }, () => createTool(handle.db, { minimumOrder: 1, onHand: 10_000 })),
      )
    ).sort(byId);
    const buyers = await insertBuyers(handle.db, 'checkout-beside-new-lines', 30);

    for (const buyer of buyers) {
      // New visitors each round, so every add is a new line; in the order the batch runs its adds (its
      // visitors'), they name the tools from the last id to the first, against the checkout's order.
      const visitors = tools.map(() => visitor().tokenHash).sort();
      const adds = visitors.map((tokenHash, i) => ({
        buyer: null,
        visitor: tokenHash,
        toolId: tools[tools.length - 1 - i]!.id,
      }));
      const checkout = {
        userId: buyer.id,
        lines: tools.map((tool) => ({ toolId: tool.id, quantity: 1, priceCents: tool.priceCents })),
      };
      const answers = await Promise.allSettled([addBatch(adds), callPlaceCheckouts(handle.db, [checkout])]);
      expect(rejections(answers)).toEqual([]);
    }
  });
});
