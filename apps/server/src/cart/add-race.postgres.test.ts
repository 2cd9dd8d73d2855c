import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import { typedArray } from '../db/arrays';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { createTool } from '../test/catalogue';
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

describe('adds to one cart at once', () => {
  it('keeps every unit of twenty adds of one tool: none is lost to another', async () => {
    const owner = visitor();
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 100 });

    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]!.addLine(owner, { toolId: bits.id, quantity: 1 }),
      ),
    );

    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const cart = await instances[0].read(owner);
    expect(cart.lines.map((line) => line.quantity)).toEqual([20]);
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

describe('batches of adds to the same carts at once', () => {
  it('queue, never deadlock, whatever order each batch names the carts in', async () => {
    const bits = await createTool(handle.db, { minimumOrder: 1, onHand: 10_000 });
    const owners = Array.from({ length: 12 }, () => visitor().tokenHash);
    const batch = (visitors: string[]) => {
      const each = <T>(value: T) => visitors.map(() => value);
      return handle.db.execute(sql`select count(*) from cart_add_lines(
        ${typedArray(each(null), 'text')}, ${typedArray(visitors, 'text')},
        ${typedArray(each(bits.id), 'uuid')}, ${typedArray(each(1), 'integer')}, ${MAX_CART_LINES})`);
    };

    // Each round, two instances' batches name the same carts, one in the other's reverse order.
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.allSettled([batch(owners), batch([...owners].reverse())]);
      expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    }
    const quantities = await Promise.all(
      owners.map(async (tokenHash) => (await instances[0].read({ tokenHash })).lines[0]?.quantity),
    );
    expect(quantities).toEqual(owners.map(() => 20));
  });
});
