import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@toolshop/shared/admin';
import { user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { loadOverview } from './overview';

// The orders API is being reworked in parallel, so the orders are written with SQL: exact states and times.
const t = useTestApp({ seed: false });

let customer: TestAccount;
let admin: TestAccount;
let customerId: string;
let counter = 0;

interface OrderRow {
  toolId: string;
  toolName: string;
  quantity: number;
  unitPriceCents: number;
  status: 'unpaid' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired';
  paidAt?: string;
  createdAt?: string;
  expiresAt?: string;
}

/** A line of an order: its tool, units and the price copied onto it. */
type LineRow = Pick<OrderRow, 'toolId' | 'toolName' | 'quantity' | 'unitPriceCents'>;

/**
 * An order with its lines (one, the order's own tool, unless `lines` are given, as every order has since
 * migration 0017), and the shipping it was charged.
 */
async function insertOrder(order: OrderRow, lines: LineRow[] = [order], shippingCents = 0) {
  counter += 1;
  const oneTool = lines.length === 1;
  const [placed] = (
    (await t.db.execute(sql`
    insert into orders (user_id, email, name, tool_id, tool_name, quantity, unit_price_cents, address, status,
      transaction_id, paid_at, created_at, expires_at, shipping_cents)
    values (${customerId}, ${customer.email}, ${customer.name}, ${order.toolId}, ${order.toolName},
      ${order.quantity}, ${oneTool ? order.unitPriceCents : null}, '1 Test Street', ${order.status},
      ${order.paidAt ? `demo_test_${counter}` : null}, ${order.paidAt ?? null}::timestamptz,
      coalesce(${order.createdAt ?? null}::timestamptz, ${order.paidAt ?? null}::timestamptz, now()),
      ${order.expiresAt ?? null}::timestamptz, ${shippingCents})
    returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  for (const [index, line] of lines.entries()) {
    await t.db.execute(sql`
      insert into order_lines (order_id, position, tool_id, tool_name, quantity, unit_price_cents)
      values (${placed!.id}, ${index + 1}, ${line.toolId}, ${line.toolName}, ${line.quantity}, ${line.unitPriceCents})`);
  }
}

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, customer.email));
  customerId = row!.id;
});

describe('GET /api/admin/overview', () => {
  it('is for admins only', async () => {
    expect((await injectAs(t.app, null, { url: '/api/admin/overview' })).statusCode).toBe(401);
    expect((await injectAs(t.app, customer, { url: '/api/admin/overview' })).statusCode).toBe(403);
    expect((await injectAs(t.app, admin, { url: '/api/admin/overview' })).statusCode).toBe(200);
  });

  it('refuses a chart period other than 7, 30 or 90 days', async () => {
    const response = await injectAs(t.app, admin, { url: '/api/admin/overview?days=8' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
  });
});

describe('the Sales Overview figures (hand-computed, clock pinned)', () => {
  const NOW = new Date('2026-11-20T10:30:00Z');
  let overview30: Overview;
  let overview7: Overview;
  let anvil: { id: string; name: string };
  let pliers: { id: string; name: string };

  beforeAll(async () => {
    // The tool's price today differs from what the orders were placed at: revenue uses the order's price.
    anvil = await createTool(t.db, { name: 'Anvil', priceCents: 2500, onHand: 10, minimumOrder: 3 });
    pliers = await createTool(t.db, { name: 'Pliers', priceCents: 333, onHand: 5, minimumOrder: 3 });
    const a = { toolId: anvil.id, toolName: 'Anvil (old name)', unitPriceCents: 1999 };
    const p = { toolId: pliers.id, toolName: 'Pliers', unitPriceCents: 333 };
    await insertOrder({ ...a, quantity: 3, status: 'paid', paidAt: '2026-11-20T00:00:00Z' }); // today: 59.97
    await insertOrder({ ...p, quantity: 7, status: 'delivered', paidAt: '2026-11-19T23:59:59.999Z' }); // 23.31
    await insertOrder({ ...p, quantity: 1, status: 'paid', paidAt: '2026-11-14T00:00:00Z' }); // 3.33
    await insertOrder({ ...a, quantity: 2, status: 'paid', paidAt: '2026-11-13T23:59:59Z' }); // 39.98
    await insertOrder({ ...a, quantity: 1, status: 'delivered', paidAt: '2026-10-22T12:00:00Z' }); // 19.99
    await insertOrder({ ...p, quantity: 10, status: 'paid', paidAt: '2026-10-21T12:00:00Z' }); // 33.30
    // Never counted as revenue.
    await insertOrder({ ...a, quantity: 4, status: 'cancelled', createdAt: '2026-11-20T09:00:00Z' });
    await insertOrder({ ...a, quantity: 4, status: 'expired', createdAt: '2026-11-20T08:00:00Z' });
    // Unpaid for more than a day and still holding stock: waiting. The others are not.
    const longUnpaid = { ...p, quantity: 3, status: 'unpaid' as const };
    await insertOrder({
      ...longUnpaid,
      createdAt: '2026-11-18T09:00:00Z',
      // Held by the database's clock, which the overview's pinned day does not move (decision 044).
      expiresAt: '2099-01-01T00:00:00Z',
    });
    await insertOrder({
      ...longUnpaid,
      createdAt: '2026-11-18T08:00:00Z',
      expiresAt: '2026-11-20T10:00:00Z',
    });
    await insertOrder({
      ...longUnpaid,
      createdAt: '2026-11-20T09:00:00Z',
      expiresAt: '2026-11-20T11:00:00Z',
    });

    overview30 = await loadOverview(t.db, 30, NOW);
    overview7 = await loadOverview(t.db, 7, NOW);
  });

  it('sums revenue, orders and average order value of today, 7 and 30 days against the period before', () => {
    expect(overview30.periods).toEqual([
      {
        days: 1,
        current: { revenue: 59.97, orders: 1, averageOrderValue: 59.97 },
        previous: { revenue: 23.31, orders: 1, averageOrderValue: 23.31 },
      },
      {
        days: 7,
        current: { revenue: 86.61, orders: 3, averageOrderValue: 28.87 },
        previous: { revenue: 39.98, orders: 1, averageOrderValue: 39.98 },
      },
      {
        days: 30,
        // 146.58 / 5 = 29.316 → 29.32
        current: { revenue: 146.58, orders: 5, averageOrderValue: 29.32 },
        previous: { revenue: 33.3, orders: 1, averageOrderValue: 33.3 },
      },
    ]);
  });

  it('charts every day of the chosen period, empty days included', () => {
    expect(overview7.days).toBe(7);
    expect(overview7.daily).toEqual([
      { date: '2026-11-14', revenue: 3.33, orders: 1 },
      { date: '2026-11-15', revenue: 0, orders: 0 },
      { date: '2026-11-16', revenue: 0, orders: 0 },
      { date: '2026-11-17', revenue: 0, orders: 0 },
      { date: '2026-11-18', revenue: 0, orders: 0 },
      { date: '2026-11-19', revenue: 23.31, orders: 1 },
      { date: '2026-11-20', revenue: 59.97, orders: 1 },
    ]);
    expect(overview30.daily).toHaveLength(30);
    expect(overview30.daily[0]).toEqual({ date: '2026-10-22', revenue: 19.99, orders: 1 });
  });

  it('ranks the top tools of the period by units and by revenue, under their current names', () => {
    expect(overview30.topByUnits).toEqual([
      { toolId: pliers.id, name: 'Pliers', units: 8, revenue: 26.64 },
      { toolId: anvil.id, name: 'Anvil', units: 6, revenue: 119.94 },
    ]);
    expect(overview30.topByRevenue.map((tool) => tool.name)).toEqual(['Anvil', 'Pliers']);
    expect(overview7.topByUnits).toEqual([
      { toolId: pliers.id, name: 'Pliers', units: 8, revenue: 26.64 },
      { toolId: anvil.id, name: 'Anvil', units: 3, revenue: 59.97 },
    ]);
  });

  it('counts the orders waiting: unpaid for over a day (still held), and paid but not delivered', () => {
    expect(overview30.waiting).toEqual({
      unpaid: { count: 1, oldest: '2026-11-18T09:00:00Z' },
      undelivered: { count: 4, oldest: '2026-10-21T12:00:00Z' },
    });
  });
});

describe('orders of several lines', () => {
  it('count each line for its tool, and the order with its shipping once in the revenue', async () => {
    // A day of its own: no other test's order is paid in it.
    const NOW = new Date('2025-03-10T12:00:00Z');
    const clamp = await createTool(t.db, { name: 'Clamp' });
    const drill = await createTool(t.db, { name: 'Drill' });
    const lines = [
      { toolId: clamp.id, toolName: 'Clamp', quantity: 4, unitPriceCents: 250 }, // 10.00
      { toolId: drill.id, toolName: 'Drill', quantity: 1, unitPriceCents: 4999 }, // 49.99
    ];
    const order = { ...lines[0]!, toolName: 'Clamp, Drill', quantity: 5, status: 'shipped' as const };
    await insertOrder({ ...order, paidAt: '2025-03-10T08:00:00Z' }, lines, 595);

    const overview = await loadOverview(t.db, 7, NOW);

    // 10.00 + 49.99 + 5.95 shipping.
    expect(overview.periods[0]!.current).toEqual({ revenue: 65.94, orders: 1, averageOrderValue: 65.94 });
    expect(overview.daily.at(-1)).toEqual({ date: '2025-03-10', revenue: 65.94, orders: 1 });
    expect(overview.topByUnits).toEqual([
      { toolId: clamp.id, name: 'Clamp', units: 4, revenue: 10 },
      { toolId: drill.id, name: 'Drill', units: 1, revenue: 49.99 },
    ]);
    expect(overview.topByRevenue.map((tool) => tool.name)).toEqual(['Drill', 'Clamp']);
  });
});

describe('low stock', () => {
  it('lists live tools whose available quantity is below their threshold (default twice the minimum order)', async () => {
    const plenty = await createTool(t.db, { name: 'Plenty', onHand: 6, minimumOrder: 3 });
    const short = await createTool(t.db, { name: 'Short', onHand: 5, minimumOrder: 3 });
    const held = await createTool(t.db, { name: 'Held', onHand: 10, reserved: 5, minimumOrder: 3 });
    const ownThreshold = await createTool(t.db, { name: 'Own threshold', onHand: 40, minimumOrder: 1 });
    await t.db.execute(sql`update tools set low_stock_threshold = 50 where id = ${ownThreshold.id}`);
    const gone = await createTool(t.db, { name: 'Gone', onHand: 0, deletedAt: new Date() });

    const response = await injectAs(t.app, admin, { url: '/api/admin/overview' });
    expect(response.statusCode).toBe(200);
    const lowStock = (response.json() as Overview).lowStock;
    const ids = lowStock.map((tool) => tool.toolId);
    expect(ids).not.toContain(plenty.id);
    expect(ids).not.toContain(gone.id);
    expect(lowStock.find((tool) => tool.toolId === short.id)).toEqual({
      toolId: short.id,
      name: 'Short',
      availableQuantity: 5,
      onHand: 5,
      minimumOrder: 3,
      threshold: 6,
    });
    expect(lowStock.find((tool) => tool.toolId === held.id)?.availableQuantity).toBe(5);
    expect(lowStock.find((tool) => tool.toolId === ownThreshold.id)?.threshold).toBe(50);
  });
});

describe('the API answer', () => {
  it('carries the same figures as the service for the chosen period', async () => {
    const response = await injectAs(t.app, admin, { url: '/api/admin/overview?days=90' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Overview;
    expect(body.days).toBe(90);
    expect(body.daily).toHaveLength(90);
    expect(body.periods.map((period) => period.days)).toEqual([1, 7, 30]);
  });
});
