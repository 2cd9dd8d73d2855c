import { describe, expect, it } from 'vitest';
import { cookieHeader, newAccountDetails, ORIGIN, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockOf } from '../test/catalogue';

// Behind a proxy each buyer has an address of their own (so sign-up rate limits do not apply to the
// 50 accounts this file creates), as in a real deployment with TRUST_PROXY=true.
const t = useTestApp({ seed: false, env: { TRUST_PROXY: 'true' } });

async function buyers(count: number): Promise<TestAccount[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const details = newAccountDetails('racer');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN, 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: details,
      });
      expect(response.statusCode).toBe(200);
      return { ...details, cookie: cookieHeader(response) };
    }),
  );
}

describe('stock under concurrent orders', () => {
  it('sells exactly 20 units to 50 buyers racing for a tool with 20, and never goes below 0', async () => {
    const tool = await createTool(t.db, { minimumOrder: 1, availableQuantity: 20 });
    const racers = await buyers(50);

    const responses = await Promise.all(
      racers.map((buyer, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { origin: ORIGIN, cookie: buyer.cookie, 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { toolId: tool.id, quantity: 1, address: 'Race street' },
        }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    expect(await stockOf(t.db, tool.id)).toBe(0);
  });

  it('never oversells when buyers race with different quantities', async () => {
    const tool = await createTool(t.db, { minimumOrder: 2, availableQuantity: 25 });
    const racers = await buyers(12);
    const quantities = racers.map((_, i) => 2 + (i % 4));

    const responses = await Promise.all(
      racers.map((buyer, i) =>
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
    expect(sold + stock).toBe(25);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
  });
});
