import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { orderListSchema, orderPageSchema, orderSchema } from '@toolshop/shared/order';
import { toolSchema } from '@toolshop/shared/tool';
import { orders, user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf, stockOf } from '../test/catalogue';

const t = useTestApp({ seed: false });

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const buyer = () => signUp(t.app);

const place = (account: TestAccount, toolId: string, quantity: number) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity, address: 'Dock 4' },
  });
const cancel = (account: TestAccount, id: string) =>
  injectAs(t.app, account, { method: 'DELETE', url: `/api/order/${id}` });
const pay = (account: TestAccount, id: string) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: `/api/payment/${id}/demo`,
    payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
/** The periodic sweep, run now rather than on its timer. */
const sweep = () => t.app.services.orders.expireDue();
const pastHold = (id: string) =>
  t.db.execute(sql`update ${orders} set expires_at = now() - interval '1 minute' where id = ${id}`);

describe('stock on hand and reserved', () => {
  it('shows available = on hand − reserved on the tool, and a restock counts the held units once', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 100 });

    const placed = orderSchema.parse((await place(customer, tool.id, 100)).json());
    const shown = toolSchema.parse((await t.app.inject({ url: `/api/tools/${tool.id}` })).json());
    expect(shown).toMatchObject({ availableQuantity: 0, onHand: 100, reserved: 100 });

    // The admin counts the 100 units on the shelf (the held ones among them), then the customer cancels.
    const restock = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { restAvailableQuantity: 100 },
    });
    expect(restock.statusCode).toBe(200);
    expect((await cancel(customer, placed._id)).json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.db, tool.id)).toBe(100);
  });

  it('refuses a restock below what unpaid orders hold with 409', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 50 });
    await place(customer, tool.id, 30);

    const restock = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { restAvailableQuantity: 20 },
    });
    expect(restock.statusCode).toBe(409);
    expect(restock.json().error.code).toBe('stock_reserved');
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 50, reserved: 30 });
  });

  it('sells the reserved units when the order is paid', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = orderSchema.parse((await place(customer, tool.id, 4)).json());

    expect((await pay(customer, placed._id)).statusCode).toBe(200);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 6, reserved: 0 });
  });
});

describe('unpaid orders expire', () => {
  it('shows an order past its hold as expired, refuses to pay it, and the sweep releases it once', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = orderSchema.parse((await place(customer, tool.id, 6)).json());
    expect(placed.expiresAt).not.toBeNull();
    await pastHold(placed._id);

    const mine = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    expect(mine.json()).toEqual([expect.objectContaining({ _id: placed._id, status: 'expired' })]);
    const payment = await pay(customer, placed._id);
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error.code).toBe('order_expired');

    expect(await t.app.services.orders.expireDue()).toBe(1);
    expect(await t.app.services.orders.expireDue()).toBe(0);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
    // The customer's delete dismisses it from the list, releasing nothing twice.
    expect((await cancel(customer, placed._id)).json()).toEqual({ deletedCount: 1 });
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
  });
});

describe('holds past their time, before the sweep', () => {
  it('lets a buyer take the stock an expired hold still reserves', async () => {
    const [first, second] = [await buyer(), await buyer()];
    const tool = await createTool(t.db, { minimumOrder: 1, onHand: 5 });
    const held = orderSchema.parse((await place(first, tool.id, 5)).json());
    expect((await place(second, tool.id, 5)).statusCode).toBe(409);
    await pastHold(held._id);

    const response = await place(second, tool.id, 5);
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 5, reserved: 5 });
    const firstOrders = await injectAs(t.app, first, { url: `/api/order/${first.email}` });
    expect(firstOrders.json()).toEqual([expect.objectContaining({ _id: held._id, status: 'expired' })]);
    // The hold was released once: the sweep finds nothing left to do.
    expect(await sweep()).toBe(0);
  });

  it('gives an account back the room of its unpaid orders that ran out of time', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 100 });
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS_PER_ACCOUNT; i += 1) {
      placed.push(orderSchema.parse((await place(customer, tool.id, 1)).json()));
    }
    expect((await place(customer, tool.id, 1)).statusCode).toBe(429);
    await pastHold(placed[0]!._id);

    expect((await place(customer, tool.id, 1)).statusCode).toBe(201);
    expect((await place(customer, tool.id, 1)).statusCode).toBe(429);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({
      onHand: 100,
      reserved: MAX_UNPAID_ORDERS_PER_ACCOUNT,
    });
  });
});

describe('who may place and cancel', () => {
  it('refuses an order from an unverified address with 403 and a clear message', async () => {
    // A session whose address is not (or no longer) verified, e.g. after an e-mail change.
    const account = await buyer();
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.email, account.email));
    const tool = await createTool(t.db, { onHand: 10 });

    const response = await place(account, tool.id, 1);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'email_not_verified' });
    expect(await stockOf(t.db, tool.id)).toBe(10);
  });

  it('refuses a 6th unpaid order with 429; paying or cancelling one frees a slot', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 100 });
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS_PER_ACCOUNT; i += 1) {
      const response = await place(customer, tool.id, 1);
      expect(response.statusCode, response.body).toBe(201);
      placed.push(orderSchema.parse(response.json()));
    }

    const refused = await place(customer, tool.id, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_unpaid_orders',
      message: apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
    });
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 5 });

    expect((await pay(customer, placed[0]!._id)).statusCode).toBe(200);
    expect((await place(customer, tool.id, 1)).statusCode).toBe(201);
    expect((await place(customer, tool.id, 1)).statusCode).toBe(429);

    expect((await cancel(customer, placed[1]!._id)).json()).toEqual({ deletedCount: 1 });
    expect((await place(customer, tool.id, 1)).statusCode).toBe(201);
    expect((await place(customer, tool.id, 1)).statusCode).toBe(429);
    // One sold, five held: the refused orders took nothing.
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 99, reserved: 5 });
  });

  it('bounds the units one account may hold across its unpaid orders (409); a cancel frees them', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 5000 });

    const whole = await place(customer, tool.id, 5000);
    expect(whole.statusCode).toBe(409);
    expect(whole.json().error).toMatchObject({
      code: 'reserved_units_limit',
      message: apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT),
    });

    const most = await place(customer, tool.id, MAX_RESERVED_UNITS_PER_ACCOUNT - 1);
    expect(most.statusCode, most.body).toBe(201);
    expect((await place(customer, tool.id, 1)).statusCode).toBe(201);
    const over = await place(customer, tool.id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('reserved_units_limit');
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({
      onHand: 5000,
      reserved: MAX_RESERVED_UNITS_PER_ACCOUNT,
    });

    await cancel(customer, orderSchema.parse(most.json())._id);
    expect((await place(customer, tool.id, 2)).statusCode).toBe(201);
  });

  it('lets an admin cancel anyone’s unpaid order, releasing its stock', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = orderSchema.parse((await place(customer, tool.id, 7)).json());

    expect((await cancel(admin, placed._id)).json()).toEqual({ deletedCount: 1 });
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
  });
});

describe('paged order lists', () => {
  it('answers a page object with parameters and SPEC’s array without, on both lists', async () => {
    const customer = await buyer();
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(orderSchema.parse((await place(customer, tool.id, 1)).json()));
    const ids = placed.map((order) => order._id);

    // Without parameters: SPEC's plain array, oldest first.
    const plain = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    expect(orderListSchema.parse(plain.json()).map((order) => order._id)).toEqual(ids);
    // With them: a page, newest first, and the whole list's total.
    const first = await injectAs(t.app, customer, { url: `/api/order/${customer.email}?page=1&limit=2` });
    expect(orderPageSchema.parse(first.json())).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.json().items.map((order: { _id: string }) => order._id)).toEqual([ids[2], ids[1]]);
    const second = await injectAs(t.app, customer, { url: `/api/order/${customer.email}?page=2&limit=2` });
    expect(orderPageSchema.parse(second.json())).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.json().items.map((order: { _id: string }) => order._id)).toEqual([ids[0]]);
    // Only one parameter still asks for a page, with the other defaulted.
    const onlyLimit = await injectAs(t.app, customer, { url: `/api/order/${customer.email}?limit=1` });
    expect(orderPageSchema.parse(onlyLimit.json())).toMatchObject({ total: 3, page: 1, limit: 1 });

    const all = await injectAs(t.app, admin, { url: '/api/order?page=1&limit=1' });
    const allPage = orderPageSchema.parse(all.json());
    expect(allPage.total).toBeGreaterThanOrEqual(3);
    expect(allPage.items).toHaveLength(1);
    expect(orderListSchema.parse((await injectAs(t.app, admin, { url: '/api/order' })).json())).toHaveLength(
      Math.min(allPage.total, 100),
    );

    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=x']) {
      const bad = await injectAs(t.app, customer, { url: `/api/order/${customer.email}?${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });
});

// Only PostgreSQL runs transactions side by side: on PGlite this race could not fail, so it is not even
// registered there (nothing is reported as skipped).
if (process.env.TEST_DB_ENGINE === 'postgres') {
  describe('racing expiry, payment and cancel', () => {
    it('settles each order exactly once: paid, or cancelled/expired with its units released', async () => {
      const customers = await Promise.all(Array.from({ length: 4 }, () => buyer()));
      const tool = await createTool(t.db, { onHand: 1000 });
      let onHand = 1000;
      for (let round = 0; round < 10; round += 1) {
        const placed = await Promise.all(
          customers.map(async (customer) => orderSchema.parse((await place(customer, tool.id, 3)).json())),
        );
        // Half the orders are past their hold (only expiry or a cancel may settle them), half are not.
        const expiring = placed.filter((_, i) => (i + round) % 2 === 0).map((order) => order._id);
        for (const id of expiring) await pastHold(id);

        const [swept, ...outcomes] = await Promise.all([
          Promise.all([sweep(), sweep()]),
          ...placed.map((order, i) =>
            Promise.all([
              pay(customers[i]!, order._id),
              cancel(customers[i]!, order._id),
              cancel(admin, order._id),
            ]),
          ),
        ]);

        const rows = await t.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(
            inArray(
              orders.id,
              placed.map((order) => order._id),
            ),
          );
        const statusOf = new Map(rows.map((row) => [row.id, row.status]));
        let paid = 0;
        placed.forEach((order, i) => {
          const [payment, byCustomer, byAdmin] = outcomes[i] as Awaited<ReturnType<typeof pay>>[];
          for (const response of [payment!, byCustomer!, byAdmin!]) {
            expect([200, 409], response.body).toContain(response.statusCode);
          }
          const deleted = [byCustomer!, byAdmin!]
            .filter((response) => response.statusCode === 200)
            .reduce((sum, response) => sum + (response.json() as { deletedCount: number }).deletedCount, 0);
          if (payment!.statusCode === 200) {
            // The payment won: nobody cancelled it and it was not past its hold.
            expect(expiring).not.toContain(order._id);
            expect(statusOf.get(order._id)).toBe('paid');
            expect(deleted).toBe(0);
            paid += 1;
          } else {
            // A cancel won, or the expiry did and one cancel then dismissed it: one delete counted, never two.
            expect(statusOf.get(order._id)).toBe('cancelled');
            expect(deleted).toBe(1);
          }
        });
        expect(swept[0] + swept[1]).toBeLessThanOrEqual(expiring.length);
        onHand -= 3 * paid;
        expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand, reserved: 0 });
      }
    });
  });
}
