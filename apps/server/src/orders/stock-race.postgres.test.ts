import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf, stockOf } from '../test/catalogue';
import { MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { user } from '../db/schema';
import { callPlaceOrders, directOrder } from '../test/place-orders';

// Behind a proxy each buyer has an address of their own (so per-address rate limits do not apply to the
// many buyers this file races), as in a real deployment with TRUST_PROXY=true.
const t = useTestApp({ seed: false, env: { TRUST_PROXY: 'true' } });

/** Verified customers, each signed up from an address of their own. */
const buyers = (count: number): Promise<TestAccount[]> =>
  Promise.all(Array.from({ length: count }, () => signUp(t.app)));

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).
describe('stock under concurrent orders', () => {
  // Signing up is slow by design (password hashing): the racers are made once, before the races.
  let racers: TestAccount[];
  let others: TestAccount[];
  let hoarder: TestAccount;
  beforeAll(async () => {
    racers = await buyers(20);
    others = await buyers(8);
    hoarder = await signUp(t.app);
  }, 180_000);

  it('sells exactly 30 units to 100 orders racing for a tool with 30, and never goes below 0', async () => {
    const tool = await createTool(t.db, { minimumOrder: 1, onHand: 30 });
    // 20 customers, 5 orders each: the most unpaid orders one account may hold.

    const responses = await Promise.all(
      racers.flatMap((buyer, i) =>
        Array.from({ length: 5 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/order',
            headers: { origin: ORIGIN, cookie: buyer.cookie, 'x-forwarded-for': `198.51.100.${i + 1}` },
            payload: { toolId: tool.id, quantity: 1, address: 'Race street' },
          }),
        ),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 409)).toHaveLength(70);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 30, reserved: 30 });
  });

  it('never oversells when buyers race with different quantities', async () => {
    const tool = await createTool(t.db, { minimumOrder: 2, onHand: 13 });
    const quantities = others.map((_, i) => 2 + (i % 4));

    const responses = await Promise.all(
      others.map((buyer, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { origin: ORIGIN, cookie: buyer.cookie, 'x-forwarded-for': `198.51.100.${100 + i}` },
          payload: { toolId: tool.id, quantity: quantities[i], address: 'Race street' },
        }),
      ),
    );

    const sold = responses.reduce(
      (sum, response, i) => sum + (response.statusCode === 201 ? quantities[i]! : 0),
      0,
    );
    const stock = await stockOf(t.db, tool.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(sold + stock).toBe(13);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    // Each buyer hears of their own order, whichever of a batch's orders were refused around it.
    responses.forEach((response, i) => {
      if (response.statusCode === 201) {
        expect(response.json()).toMatchObject({ email: others[i]!.email, quantity: quantities[i] });
      }
    });
  });

  it('lets one account racing with itself hold no more than its bounds', async () => {
    // A tool for each order: nothing but the account's own bounds stands between them.
    const racing = 3 * MAX_UNPAID_ORDERS_PER_ACCOUNT;
    const tools = await Promise.all(
      Array.from({ length: racing }, () => createTool(t.db, { minimumOrder: 1, onHand: 10 })),
    );

    const responses = await Promise.all(
      tools.map((tool) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { origin: ORIGIN, cookie: hoarder.cookie, 'x-forwarded-for': '198.51.100.200' },
          payload: { toolId: tool.id, quantity: 1, address: 'Race street' },
        }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNPAID_ORDERS_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(racing - MAX_UNPAID_ORDERS_PER_ACCOUNT);
    const reserved = await Promise.all(
      tools.map(async (tool) => (await stockLevelsOf(t.db, tool.id)).reserved),
    );
    expect(reserved.reduce((sum, units) => sum + units, 0)).toBe(MAX_UNPAID_ORDERS_PER_ACCOUNT);
  });

  it('places two batches of orders over the same accounts and tools, sent in opposite orders', async () => {
    // Two instances each send the orders they received together (`place_orders`). Had a batch locked
    // its accounts and tools in the order of its orders, these two would deadlock and PostgreSQL would
    // fail one: the first waits for the tool held below, the second locks its way up to that tool, and
    // once it is let go the first needs what the second holds.
    const accounts = Array.from({ length: 6 }, (_, i) => ({
      id: `batch-buyer-${i}`,
      name: `Batch buyer ${i}`,
      email: `batch-buyer-${i}@example.com`,
      emailVerified: true,
    }));
    await t.db.insert(user).values(accounts);
    const tools = await Promise.all(
      Array.from({ length: 6 }, () => createTool(t.db, { minimumOrder: 1, onHand: 100 })),
    );
    const batch = (reversed: boolean) =>
      accounts.map((_, k) => {
        const i = reversed ? accounts.length - 1 - k : k;
        return directOrder(accounts[i]!.id, tools[i]!.id, { address: 'Race street' });
      });
    const [holder, first, second] = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = new pg.Client({ connectionString: t.handle.url });
        await client.connect();
        return client;
      }),
    );
    const placeOrders = async (client: pg.Client, orders: ReturnType<typeof batch>) => ({
      rowCount: (await callPlaceOrders(client, orders)).filter((answer) => answer.order_id).length,
    });
    // Read outside the holder's transaction, which would see one snapshot of the statistics throughout.
    const waitingForLocks = async () =>
      (
        (await t.db.execute(
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%place_orders(%'
              and pid <> pg_backend_pid()`,
        )) as unknown as { rows: unknown[] }
      ).rows.length;
    try {
      await holder!.query('begin');
      await holder!.query('select 1 from tools where id = $1 for update', [tools[0]!.id]);
      const placedFirst = placeOrders(first!, batch(false));
      await expect.poll(waitingForLocks).toBe(1);
      const placedSecond = placeOrders(second!, batch(true));
      await expect.poll(waitingForLocks).toBe(2);
      await holder!.query('rollback');

      const placed = await Promise.allSettled([placedFirst, placedSecond]);
      expect(
        placed.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.rowCount : outcome.reason)),
      ).toEqual([6, 6]);
    } finally {
      await Promise.all([holder, first, second].map((client) => client!.end()));
    }
    for (const tool of tools)
      expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 2 });
  });
});
