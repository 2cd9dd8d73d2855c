import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderListSchema, orderSchema } from '@toolshop/shared/order';
import { injectAs, signUp, signUpCast, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockOf } from '../test/catalogue';

const t = useTestApp({ seed: false });

let customer: TestAccount;
let other: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  ({ customer, other, admin } = await signUpCast(t.app));
});
// A fresh customer for each test: one account may hold only MAX_UNPAID_ORDERS_PER_ACCOUNT unpaid orders.
beforeEach(async () => {
  customer = await signUp(t.app);
});

const order = (account: TestAccount | null, payload: Record<string, unknown>) =>
  injectAs(t.app, account, { method: 'POST', url: '/api/order', payload });

describe('POST /api/order', () => {
  it('places an order for the signed-in buyer, copies the unit price and takes the stock', async () => {
    const tool = await createTool(t.db, { priceCents: 1899, minimumOrder: 5, onHand: 40 });

    const response = await order(customer, {
      toolId: tool.id,
      quantity: 5,
      address: '12 Main Street, Cork',
      phone: '+353 87 123 4567',
      email: 'forged@example.com',
      name: 'Forged Name',
    });

    expect(response.statusCode).toBe(201);
    expect(orderSchema.parse(response.json())).toMatchObject({
      email: customer.email,
      name: customer.name,
      toolId: tool.id,
      tool: tool.name,
      quantity: 5,
      address: '12 Main Street, Cork',
      phone: '+353 87 123 4567',
      unitPrice: 18.99,
      total: 94.95,
      status: 'unpaid',
      paid: false,
      transactionId: null,
    });
    expect(await stockOf(t.db, tool.id)).toBe(35);
  });

  it('accepts SPEC §7’s payload, which names the tool instead of its id', async () => {
    const tool = await createTool(t.db);

    const response = await order(customer, { tool: tool.name, quantity: 2, address: 'Dock 4', phone: '' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ toolId: tool.id, phone: null });
  });

  it('refuses a quantity below the minimum order with 400 and takes nothing', async () => {
    const tool = await createTool(t.db, { minimumOrder: 10, onHand: 50 });

    const response = await order(customer, { toolId: tool.id, quantity: 9, address: 'Dock 4' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'below_minimum_order',
      message: `The minimum order for ${tool.name} is 10.`,
      fields: { 'body.quantity': 'quantity error' },
    });
    expect(await stockOf(t.db, tool.id)).toBe(50);
  });

  it('refuses more than the stock with 409 saying how many are left', async () => {
    const tool = await createTool(t.db, { onHand: 3 });

    const response = await order(customer, { toolId: tool.id, quantity: 4, address: 'Dock 4' });

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'insufficient_stock', message: 'Only 3 left in stock.' });
    expect(await stockOf(t.db, tool.id)).toBe(3);
  });

  it.each([
    ['no address', { quantity: 2 }, 'body.address', 'Address is Required'],
    ['a blank address', { quantity: 2, address: '   ' }, 'body.address', 'Address is Required'],
    ['a fractional quantity', { quantity: 2.5, address: 'x' }, 'body.quantity', 'quantity error'],
    ['a negative quantity', { quantity: -3, address: 'x' }, 'body.quantity', 'quantity error'],
    ['a quantity sent as text', { quantity: '2', address: 'x' }, 'body.quantity', 'Must be a number'],
  ])('answers 400 with a field message for %s', async (_label, body, field, message) => {
    const tool = await createTool(t.db);

    const response = await order(customer, { toolId: tool.id, ...body });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await stockOf(t.db, tool.id)).toBe(100);
  });

  it('answers 404 for an unknown or malformed tool', async () => {
    expect((await order(customer, { toolId: 'nope', quantity: 1, address: 'x' })).statusCode).toBe(404);
    expect(
      (await order(customer, { toolId: '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a', quantity: 1, address: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await order(customer, { tool: 'No such tool', quantity: 1, address: 'x' })).statusCode).toBe(404);
  });

  it('answers 401 to an anonymous buyer and takes nothing', async () => {
    const tool = await createTool(t.db);

    const response = await order(null, { toolId: tool.id, quantity: 1, address: 'x' });

    expect(response.statusCode).toBe(401);
    expect(await stockOf(t.db, tool.id)).toBe(100);
  });
});

describe('GET /api/order/:email and GET /api/order', () => {
  it('lists only the caller’s own orders; an admin may read anyone’s and all of them', async () => {
    const buyer = await signUp(t.app);
    const tool = await createTool(t.db);
    await order(buyer, { toolId: tool.id, quantity: 1, address: 'A' });
    await order(buyer, { toolId: tool.id, quantity: 2, address: 'B' });
    await order(other, { toolId: tool.id, quantity: 3, address: 'C' });

    const own = await injectAs(t.app, buyer, { url: `/api/order/${buyer.email}` });
    expect(own.statusCode).toBe(200);
    expect(orderListSchema.parse(own.json()).map((o) => o.address)).toEqual(['A', 'B']);

    expect((await injectAs(t.app, other, { url: `/api/order/${buyer.email}` })).statusCode).toBe(403);
    expect((await injectAs(t.app, null, { url: `/api/order/${buyer.email}` })).statusCode).toBe(401);
    const asAdmin = await injectAs(t.app, admin, { url: `/api/order/${buyer.email}` });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toHaveLength(2);

    const all = await injectAs(t.app, admin, { url: '/api/order' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((o: { address: string }) => o.address)).toEqual(
      expect.arrayContaining(['A', 'B', 'C']),
    );
    expect((await injectAs(t.app, buyer, { url: '/api/order' })).statusCode).toBe(403);
    expect((await injectAs(t.app, null, { url: '/api/order' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/order/:id', () => {
  it('cancels an own unpaid order, returns its stock, keeps the row, and hides it from the lists', async () => {
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = (await order(customer, { toolId: tool.id, quantity: 4, address: 'x' })).json();
    expect(await stockOf(t.db, tool.id)).toBe(6);

    const response = await injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${placed._id}` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.db, tool.id)).toBe(10);
    const mine = (await injectAs(t.app, customer, { url: `/api/order/${customer.email}` })).json();
    expect(mine.map((o: { _id: string }) => o._id)).not.toContain(placed._id);

    const again = await injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${placed._id}` });
    expect(again.json()).toEqual({ deletedCount: 0 });
    expect(await stockOf(t.db, tool.id)).toBe(10);
  });

  it('returns the stock exactly once when two cancels race', async () => {
    const tool = await createTool(t.db, { onHand: 10 });
    const placed = (await order(customer, { toolId: tool.id, quantity: 4, address: 'x' })).json();

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${placed._id}` }),
      ),
    );

    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json().deletedCount).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(await stockOf(t.db, tool.id)).toBe(10);
  });

  it('answers 404 for another customer’s order, an unknown id and a malformed one; 401 anonymously', async () => {
    const tool = await createTool(t.db);
    const placed = (await order(customer, { toolId: tool.id, quantity: 1, address: 'x' })).json();

    for (const [account, id, status] of [
      [other, placed._id, 404],
      [customer, '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a', 404],
      [customer, 'not-an-id', 404],
      [null, placed._id, 401],
    ] as const) {
      const response = await injectAs(t.app, account, { method: 'DELETE', url: `/api/order/${id}` });
      expect(response.statusCode).toBe(status);
    }
    expect(await stockOf(t.db, tool.id)).toBe(99);
  });

  it('lets an admin cancel anyone’s unpaid order, returning its stock', async () => {
    const tool = await createTool(t.db);
    const placed = (await order(customer, { toolId: tool.id, quantity: 3, address: 'x' })).json();

    const response = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/order/${placed._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.db, tool.id)).toBe(100);
    const mine = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    expect(mine.json()).toEqual([]);
  });

  it('refuses to delete a paid order with 409', async () => {
    const tool = await createTool(t.db);
    const placed = (await order(customer, { toolId: tool.id, quantity: 1, address: 'x' })).json();
    await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${placed._id}/demo`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    });

    const response = await injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${placed._id}` });

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A paid order cannot be deleted.');
    expect(await stockOf(t.db, tool.id)).toBe(99);
  });
});

describe('PATCH /api/order/:id/delivery', () => {
  it('lets an admin mark a paid order delivered, persistently and idempotently; refuses unpaid ones', async () => {
    const tool = await createTool(t.db);
    const unpaid = (await order(customer, { toolId: tool.id, quantity: 1, address: 'x' })).json();
    const paid = (await order(customer, { toolId: tool.id, quantity: 1, address: 'y' })).json();
    await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${paid._id}/demo`,
      payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    const deliver = (account: TestAccount | null, id: string) =>
      injectAs(t.app, account, { method: 'PATCH', url: `/api/order/${id}/delivery` });

    expect((await deliver(null, paid._id)).statusCode).toBe(401);
    expect((await deliver(customer, paid._id)).statusCode).toBe(403);
    expect((await deliver(admin, unpaid._id)).statusCode).toBe(409);
    expect((await deliver(admin, 'not-an-id')).statusCode).toBe(404);

    const delivered = await deliver(admin, paid._id);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', paid: true });
    expect((await deliver(admin, paid._id)).json().status).toBe('delivered');

    const all = (await injectAs(t.app, admin, { url: '/api/order' })).json();
    expect(all.find((o: { _id: string }) => o._id === paid._id).status).toBe('delivered');
  });
});
