import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityPageSchema } from '@toolshop/shared/admin';
import { cartSchema } from '@toolshop/shared/cart';
import { orderDetailSchema } from '@toolshop/shared/order-detail';
import { orderSchema } from '@toolshop/shared/order';
import { shippingSettingsMessages, shippingSettingsSchema } from '@toolshop/shared/shop-settings';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const t = useTestApp({ seed: false });

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const read = async () => {
  const response = await injectAs(t.app, null, { url: '/api/settings/shipping' });
  expect(response.statusCode, response.body).toBe(200);
  return shippingSettingsSchema.parse(response.json());
};
const put = (account: TestAccount | null, payload: unknown) =>
  injectAs(t.app, account, { method: 'PUT', url: '/api/settings/shipping', payload: payload as object });
async function set(shippingFeeCents: number, freeShippingFromCents: number | null) {
  const response = await put(admin, { shippingFeeCents, freeShippingFromCents });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const shippingEntries = async () => {
  const response = await injectAs(t.app, admin, { url: '/api/admin/activity?kind=settings.shipping' });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json()).items;
};

// The settings are the shop's, shared by every test of the file: each starts from the default.
beforeEach(() => set(0, null));

describe('GET /api/settings/shipping', () => {
  it('tells anyone, signed in or not, the fee and the free-shipping threshold (by default free)', async () => {
    expect(await read()).toEqual({ shippingFeeCents: 0, freeShippingFromCents: null });
  });
});

describe('PUT /api/settings/shipping', () => {
  it('lets an admin set both, logging before and after in the activity log', async () => {
    const before = (await shippingEntries()).length;
    expect(await set(795, 10_000)).toEqual({ shippingFeeCents: 795, freeShippingFromCents: 10_000 });
    expect(await read()).toEqual({ shippingFeeCents: 795, freeShippingFromCents: 10_000 });

    const entries = await shippingEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      kind: 'settings.shipping',
      actor: { email: admin.email, name: admin.name },
      subject: { type: 'settings', id: 'shipping', label: 'Shipping' },
      details: {
        changes: {
          shippingFeeCents: { before: 0, after: 795 },
          freeShippingFromCents: { before: null, after: 10_000 },
        },
      },
    });
  });

  it('logs only the fields that changed, and nothing for a save that changes nothing', async () => {
    await set(500, 5_000);
    const before = (await shippingEntries()).length;
    await set(500, 5_000);
    expect(await shippingEntries()).toHaveLength(before);
    await set(500, null);
    const [latest] = await shippingEntries();
    expect(latest!.details).toEqual({ changes: { freeShippingFromCents: { before: 5_000, after: null } } });
  });

  it('is refused to a visitor (401) and a customer (403), changing and logging nothing', async () => {
    const customer = await signUp(t.app);
    const before = (await shippingEntries()).length;
    const change = { shippingFeeCents: 1, freeShippingFromCents: null };
    expect((await put(null, change)).statusCode).toBe(401);
    expect((await put(customer, change)).statusCode).toBe(403);
    expect(await read()).toEqual({ shippingFeeCents: 0, freeShippingFromCents: null });
    expect(await shippingEntries()).toHaveLength(before);
  });

  it.each([
    [{ shippingFeeCents: -1, freeShippingFromCents: null }, 'shippingFeeCents', 'shippingFeeNegative'],
    [{ shippingFeeCents: 100_001, freeShippingFromCents: null }, 'shippingFeeCents', 'shippingFeeTooHigh'],
    [{ shippingFeeCents: 7.5, freeShippingFromCents: null }, 'shippingFeeCents', 'wholeCents'],
    [{ freeShippingFromCents: null }, 'shippingFeeCents', 'shippingFeeRequired'],
    [
      { shippingFeeCents: 0, freeShippingFromCents: 0 },
      'freeShippingFromCents',
      'freeShippingFromNotPositive',
    ],
    [
      { shippingFeeCents: 0, freeShippingFromCents: 100_000_001 },
      'freeShippingFromCents',
      'freeShippingFromTooHigh',
    ],
    [{ shippingFeeCents: 0 }, 'freeShippingFromCents', 'freeShippingFromRequired'],
  ] as const)('refuses %j with 400 naming %s', async (payload, field, message) => {
    const response = await put(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ [`body.${field}`]: shippingSettingsMessages[message] });
    expect(await read()).toEqual({ shippingFeeCents: 0, freeShippingFromCents: null });
  });
});

describe('carts and checkout follow the settings', () => {
  let customer: TestAccount;
  beforeEach(async () => {
    customer = await signUp(t.app);
  });

  const cartOf = async (account: TestAccount) =>
    cartSchema.parse((await injectAs(t.app, account, { url: '/api/cart' })).json());
  async function cartWorth(cents: number) {
    const tool = await createTool(t.db, { priceCents: cents, onHand: 10 });
    const added = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/cart/lines',
      payload: { toolId: tool.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    return cartOf(customer);
  }

  it('charges the fee below the threshold and nothing from it on', async () => {
    await set(795, 10_000);
    expect(await cartWorth(9_999)).toMatchObject({
      subtotalCents: 9_999,
      shippingCents: 795,
      totalCents: 10_794,
    });
    // One cent more reaches the threshold: shipping is free.
    expect(await cartWorth(1)).toMatchObject({ subtotalCents: 10_000, shippingCents: 0, totalCents: 10_000 });
    expect(await cartWorth(5_000)).toMatchObject({ shippingCents: 0, totalCents: 15_000 });
  });

  it('charges the fee on every order when there is no threshold', async () => {
    await set(1_250, null);
    expect(await cartWorth(1_000_000)).toMatchObject({ shippingCents: 1_250, totalCents: 1_001_250 });
  });

  it('places an order with the shipping of the moment, which later changes leave as it was', async () => {
    await set(795, 10_000);
    await cartWorth(2_500);
    const checkout = await injectAs(t.app, customer, { url: '/api/checkout' });
    expect(checkout.json().cart).toMatchObject({ shippingCents: 795, totalCents: 3_295 });
    const placed = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/checkout',
      payload: { address: '3 Settings Row' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order).toMatchObject({ subtotal: 25, shipping: 7.95, total: 32.95 });

    await set(2_000, null);
    const detail = await injectAs(t.app, admin, { url: `/api/order/${order._id}/detail` });
    expect(orderDetailSchema.parse(detail.json())).toMatchObject({ shipping: 7.95, total: 32.95 });
  });
});
