import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutSchema } from '@toolshop/shared/cart';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { orderListSchema, orderSchema, type Order } from '@toolshop/shared/order';
import { orders, shopSettings, type tools as toolsTable } from '../db/schema';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { payWithDemoCard } from '../test/orders';

type ToolRow = typeof toolsTable.$inferSelect;

const t = useTestApp({ seed: false });

// A fresh customer for each test: one account may hold only a few unpaid orders.
let customer: TestAccount;
beforeEach(async () => {
  customer = await signUp(t.app);
});

const as = (account: TestAccount | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, account, { method, url, ...(payload ? { payload } : {}) });
const addToCart = async (tool: ToolRow, quantity: number) => {
  const added = await as(customer, 'POST', '/api/cart/lines', { toolId: tool.id, quantity });
  expect(added.statusCode, added.body).toBe(200);
};
const checkOut = (headers: Record<string, string> = {}, payload: object = { address: '7 Harbour Road' }) =>
  injectAs(t.app, customer, { method: 'POST', url: '/api/checkout', payload, headers });

/** Three tools in the customer's cart: 2 × $12.50, 3 × $4.99, 1 × $100.00 (subtotal $139.97). */
async function threeLineCart() {
  const tools = [
    await createTool(t.db, { priceCents: 1250, onHand: 10 }),
    await createTool(t.db, { priceCents: 499, onHand: 10, minimumOrder: 3 }),
    await createTool(t.db, { priceCents: 10_000, onHand: 10 }),
  ];
  await addToCart(tools[0]!, 2);
  await addToCart(tools[1]!, 3);
  await addToCart(tools[2]!, 1);
  return tools;
}

async function placedThreeLineOrder(): Promise<{ order: Order; tools: ToolRow[] }> {
  const tools = await threeLineCart();
  const placed = await checkOut();
  expect(placed.statusCode, placed.body).toBe(201);
  return { order: orderSchema.parse(placed.json()), tools };
}

describe('GET /api/checkout', () => {
  it('shows the cart and prefills the address and phone of the customer’s last order', async () => {
    expect((await as(null, 'GET', '/api/checkout')).statusCode).toBe(401);
    const [tool] = await threeLineCart();
    const first = checkoutSchema.parse((await as(customer, 'GET', '/api/checkout')).json());
    expect(first).toMatchObject({ address: null, phone: null, cart: { lineCount: 3, totalCents: 13_997 } });

    await as(customer, 'POST', '/api/order', {
      toolId: tool!.id,
      quantity: 1,
      address: '12 Quay Street',
      phone: '+353 1 555 0101',
    });
    const again = checkoutSchema.parse((await as(customer, 'GET', '/api/checkout')).json());
    expect(again).toMatchObject({ address: '12 Quay Street', phone: '+353 1 555 0101' });
  });
});

describe('POST /api/checkout', () => {
  it('places one numbered order with every line, the shipping and the total; the lines leave the cart', async () => {
    await t.db.update(shopSettings).set({ shippingFeeCents: 795, freeShippingFromCents: null });
    try {
      const { order, tools } = await placedThreeLineOrder();
      expect(order).toMatchObject({
        number: expect.any(Number),
        tool: tools.map((tool) => tool.name).join(', '),
        quantity: 6,
        unitPrice: null,
        subtotal: 139.97,
        shipping: 7.95,
        total: 147.92,
        status: 'unpaid',
        address: '7 Harbour Road',
      });
      expect(order.lines).toEqual([
        { toolId: tools[0]!.id, tool: tools[0]!.name, quantity: 2, unitPrice: 12.5, total: 25 },
        { toolId: tools[1]!.id, tool: tools[1]!.name, quantity: 3, unitPrice: 4.99, total: 14.97 },
        { toolId: tools[2]!.id, tool: tools[2]!.name, quantity: 1, unitPrice: 100, total: 100 },
      ]);
      for (const [i, quantity] of [2, 3, 1].entries()) {
        expect(await stockLevelsOf(t.db, tools[i]!.id)).toEqual({ onHand: 10, reserved: quantity });
      }
      expect((await as(customer, 'GET', '/api/cart')).json()).toMatchObject({ lines: [], lineCount: 0 });
      // SPEC's GET /order/{email} shows it with its lines.
      const listed = orderListSchema.parse(
        (await as(customer, 'GET', `/api/order/${customer.email}`)).json(),
      );
      expect(listed.find((o) => o._id === order._id)).toEqual(order);
    } finally {
      await t.db.update(shopSettings).set({ shippingFeeCents: 0 });
    }
  });

  it('refuses all lines when one fails, naming the tool and why, and changes nothing', async () => {
    const tools = await threeLineCart();
    await t.db.execute(sql`update "tools" set "on_hand" = 2 where "id" = ${tools[1]!.id}`);

    const refused = await checkOut();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'insufficient_stock',
        message: `Only 2 of ${tools[1]!.name} left in stock.`,
        fields: { [`lines.${tools[1]!.id}`]: `Only 2 of ${tools[1]!.name} left in stock.` },
      },
    });
    for (const tool of tools) expect((await stockLevelsOf(t.db, tool.id)).reserved).toBe(0);
    expect((await as(customer, 'GET', '/api/cart')).json()).toMatchObject({ lineCount: 3 });
    expect(await t.db.select().from(orders).where(eq(orders.email, customer.email))).toEqual([]);
  });

  it('refuses a line whose price changed since the buyer saw it, and one below its minimum order (400)', async () => {
    const tool = await createTool(t.db, { priceCents: 1000, minimumOrder: 5 });
    const line = { toolId: tool.id, quantity: 5, seenPriceCents: 900 };
    const repriced = await checkOut({}, { address: '1 Road', lines: [line] });
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().error).toMatchObject({
      code: 'price_changed',
      message: `The price of ${tool.name} is now $10.00: check your cart again.`,
    });
    const below = await checkOut(
      {},
      { address: '1 Road', lines: [{ ...line, quantity: 4, seenPriceCents: 1000 }] },
    );
    expect(below.statusCode).toBe(400);
    expect(below.json().error.code).toBe('below_minimum_order');
    const empty = await checkOut();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('cart_empty');
    const noAddress = await checkOut({}, { address: ' ' });
    expect(noAddress.statusCode).toBe(400);
  });

  it("counts the order's units and the order itself against the account's bounds", async () => {
    const [big, bigger] = [
      await createTool(t.db, { priceCents: 100, onHand: 1_000_000 }),
      await createTool(t.db, { priceCents: 100, onHand: 1_000_000 }),
    ];
    await addToCart(big!, 600);
    await addToCart(bigger!, 500);
    const tooManyUnits = await checkOut();
    expect(tooManyUnits.statusCode).toBe(409);
    expect(tooManyUnits.json().error).toMatchObject({
      code: 'reserved_units_limit',
      message: apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT),
    });
    expect((await stockLevelsOf(t.db, big!.id)).reserved).toBe(0);

    for (let placed = 0; placed < MAX_UNPAID_ORDERS_PER_ACCOUNT; placed += 1) {
      const order = await as(customer, 'POST', '/api/order', {
        toolId: big!.id,
        quantity: 1,
        address: '1 Road',
      });
      expect(order.statusCode, order.body).toBe(201);
    }
    await as(customer, 'DELETE', `/api/cart/lines/${bigger!.id}`);
    const tooManyOrders = await checkOut();
    expect(tooManyOrders.statusCode).toBe(429);
    expect(tooManyOrders.json().error).toMatchObject({
      code: 'too_many_unpaid_orders',
      message: apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
    });
  });

  it("takes an API client's given lines out of the account's cart, and leaves the others", async () => {
    const [ordered, kept] = await threeLineCart();
    const placed = await checkOut(
      {},
      { address: '1 Road', lines: [{ toolId: ordered!.id, quantity: 2, seenPriceCents: 1250 }] },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const cart = (await as(customer, 'GET', '/api/cart')).json();
    expect(cart.lines.map((line: { toolId: string }) => line.toolId)).not.toContain(ordered!.id);
    expect(cart.lines.map((line: { toolId: string }) => line.toolId)).toContain(kept!.id);
    expect(cart.lineCount).toBe(2);
  });

  it('places one order for a double submission with one Idempotency-Key', async () => {
    const tools = await threeLineCart();
    const key = { 'idempotency-key': `checkout-${customer.email}` };
    const [first, second] = await Promise.all([checkOut(key), checkOut(key)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()._id).toBe(first.json()._id);
    expect(await t.db.select().from(orders).where(eq(orders.email, customer.email))).toHaveLength(1);
    expect((await stockLevelsOf(t.db, tools[0]!.id)).reserved).toBe(2);
  });

  it('answers a retry sent after the payment with the order the key placed, as it now stands', async () => {
    await threeLineCart();
    const key = { 'idempotency-key': `checkout-paid-${customer.email}` };
    const first = await checkOut(key);
    expect(first.statusCode, first.body).toBe(201);
    await payWithDemoCard(t.app, customer, first.json()._id);

    const retried = await checkOut(key);

    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toMatchObject({
      _id: first.json()._id,
      number: first.json().number,
      status: 'paid',
    });
    expect(await t.db.select().from(orders).where(eq(orders.email, customer.email))).toHaveLength(1);
  });
});

describe('an order of several lines: stock follows every line', () => {
  it('sells every line when paid, charging the total with shipping', async () => {
    const { order, tools } = await placedThreeLineOrder();
    const summary = await as(customer, 'GET', `/api/payment/${order._id}`);
    expect(summary.json()).toMatchObject({ total: 139.97, unitPrice: null });
    await payWithDemoCard(t.app, customer, order._id);
    for (const [i, quantity] of [2, 3, 1].entries()) {
      expect(await stockLevelsOf(t.db, tools[i]!.id)).toEqual({ onHand: 10 - quantity, reserved: 0 });
    }
  });

  it('releases every line when cancelled', async () => {
    const { order, tools } = await placedThreeLineOrder();
    expect((await as(customer, 'DELETE', `/api/order/${order._id}`)).json()).toEqual({ deletedCount: 1 });
    for (const tool of tools) expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
  });

  it('releases every line when its hold expires', async () => {
    const { order, tools } = await placedThreeLineOrder();
    await t.db.execute(
      sql`update "orders" set "expires_at" = now() - interval '1 minute' where "id" = ${order._id}`,
    );
    expect(await t.app.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    for (const tool of tools) expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
  });
});
