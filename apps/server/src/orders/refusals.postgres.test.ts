import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { orderHolds, user } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { callPlaceOrders, directOrder, insertBuyers } from '../test/place-orders';

const t = useTestApp({ seed: false });

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: t.handle.url });
  await client.connect();
});
afterAll(() => client.end());

describe('place_orders says why it refused each order (decision 042)', () => {
  it('answers every rule a refused order broke, as things stood when it was refused', async () => {
    const [first, late, small, lost, greedy, owing] = await insertBuyers(t.db, 'refusals', 6);
    await t.db.insert(user).values({ id: 'refusals-unverified', email: 'unverified@example.com', name: 'U' });
    await t.db
      .update(orderHolds)
      .set({ unpaidOrders: MAX_UNPAID_ORDERS_PER_ACCOUNT })
      .where(eq(orderHolds.userId, owing!.id));
    const tool = await createTool(t.db, { onHand: 4 });
    const pairs = await createTool(t.db, { name: 'Pry tool kit, pairs of 2', minimumOrder: 2 });

    const answered = await callPlaceOrders(client, [
      directOrder(first!.id, tool.id, { quantity: 3 }),
      // Sent in the same call, after the first took 3 of the 4: the answer counts what was left then.
      directOrder(late!.id, tool.id, { quantity: 2 }),
      directOrder(small!.id, pairs.id, { quantity: 1 }),
      directOrder(lost!.id, randomUUID()),
      directOrder('refusals-unverified', tool.id),
      directOrder(greedy!.id, tool.id, { quantity: MAX_RESERVED_UNITS_PER_ACCOUNT + 1 }),
      directOrder(owing!.id, tool.id),
    ]);

    expect(answered.map(({ refusal, detail }) => [refusal, detail])).toEqual([
      [null, null],
      ['insufficient_stock', '1'],
      ['below_minimum_order', '2 Pry tool kit, pairs of 2'],
      ['tool_not_found', null],
      ['email_not_verified', null],
      ['reserved_units_limit', null],
      ['too_many_unpaid_orders', null],
    ]);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 4, reserved: 3 });
  });
});
