import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf, stockOf } from '../test/catalogue';
import { MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';

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
});
