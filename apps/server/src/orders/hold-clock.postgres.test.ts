import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderListSchema, orderPageSchema, orderSchema, type Order } from '@toolshop/shared/order';
import { paymentSummarySchema } from '@toolshop/shared/payment';
import { orders } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

/**
 * "Past its hold" is the database's judgement alone (decision 044): these tests move this process's clock
 * a day away from the database's, which any comparison with the server's own time would follow. PostgreSQL
 * only: an embedded PGlite reads its time from this same process's clock.
 */
const t = useTestApp({ seed: false });
const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** Only `Date` is faked: timers and the database keep the real time. */
const moveServerClock = (byMs: number) => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + byMs });
};

async function placedOrder(): Promise<{ customer: TestAccount; order: Order }> {
  const customer = await signUp(t.app);
  const tool = await createTool(t.db, { onHand: 10 });
  const response = await injectAs(t.app, customer, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId: tool.id, quantity: 1, address: 'Dock 9' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { customer, order: orderSchema.parse(response.json()) };
}

const ownOrders = async (customer: TestAccount) =>
  orderListSchema.parse(
    (await injectAs(t.app, customer, { method: 'GET', url: `/api/order/${customer.email}` })).json(),
  );

const adminList = async (admin: TestAccount, status: string, id: string) =>
  orderPageSchema
    .parse((await injectAs(t.app, admin, { method: 'GET', url: `/api/order?status=${status}` })).json())
    .items.some((order) => order._id === id);

describe('an order’s hold, by the database’s clock', () => {
  it('still holds while the server’s clock has run a day past its end', async () => {
    const admin = await signUpAdmin(t.app);
    const { customer, order } = await placedOrder();

    moveServerClock(DAY_MS);

    expect((await ownOrders(customer)).find((own) => own._id === order._id)?.status).toBe('unpaid');
    expect(await adminList(admin, 'unpaid', order._id)).toBe(true);
    expect(await adminList(admin, 'expired', order._id)).toBe(false);
    const summary = await injectAs(t.app, customer, { method: 'GET', url: `/api/payment/${order._id}` });
    expect(paymentSummarySchema.parse(summary.json()).status).toBe('unpaid');
  });

  it('has run out once the database says so, though the server’s clock is a day behind', async () => {
    const admin = await signUpAdmin(t.app);
    const { customer, order } = await placedOrder();
    await t.db.execute(
      sql`update ${orders} set expires_at = now() - interval '1 second' where id = ${order._id}`,
    );

    moveServerClock(-DAY_MS);

    expect((await ownOrders(customer)).find((own) => own._id === order._id)?.status).toBe('expired');
    expect(await adminList(admin, 'expired', order._id)).toBe(true);
    expect(await adminList(admin, 'unpaid', order._id)).toBe(false);
    const paid = await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${order._id}/demo`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    });
    expect(paid.statusCode).toBe(409);
  });
});
