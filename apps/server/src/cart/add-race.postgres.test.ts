import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { createTool } from '../test/catalogue';
import { createTestDatabase } from '../test/test-database';
import { createCartService, hashVisitorToken, newVisitorToken, type CartService } from './service';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name). Two
// services on the one database stand for two server instances; each add is one `cart_add_line` call
// (decision 062), which must lock the cart before it reads the line it adds to.

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
