import { beforeAll, describe, expect, it } from 'vitest';
import { orderListSchema, orderPageSchema } from '@toolshop/shared/order';
import { orderLines, orders, user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { insertOneLineOrders } from '../test/orders';

const t = useTestApp({ seed: false });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

let customer: TestAccount;
let admin: TestAccount;
/** Each order's id by its label (the first line of its address). */
const ids: Record<string, string> = {};
const placedAt: Record<string, string> = {};
const numbers: Record<string, number> = {};

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  await t.db.insert(user).values([
    { id: 'u-ann', name: 'Ann Archer', email: 'ann@example.com' },
    { id: 'u-bob', name: 'Smith, "Bob"', email: 'bob@shop.test' },
    { id: 'u-cy', name: 'Cy Bulk', email: 'cy@example.com' },
  ]);
  const solder = await createTool(t.db, { name: 'Soldering iron' });
  const formula = await createTool(t.db, { name: "=cmd|' /C calc'!A0" });
  const crate = await createTool(t.db, { name: 'Bulk crate' });
  const people = {
    ann: { userId: 'u-ann', name: 'Ann Archer', email: 'ann@example.com' },
    bob: { userId: 'u-bob', name: 'Smith, "Bob"', email: 'bob@shop.test' },
    cy: { userId: 'u-cy', name: 'Cy Bulk', email: 'cy@example.com' },
  };
  const order = (
    address: string,
    who: keyof typeof people,
    tool: { id: string; name: string },
    quantity: number,
    unitPriceCents: number,
    status: string,
    createdAt: Date,
    extra: Partial<typeof orders.$inferInsert> = {},
  ): typeof orders.$inferInsert => ({
    ...people[who],
    toolId: tool.id,
    toolName: tool.name,
    quantity,
    unitPriceCents,
    address,
    status,
    transactionId: ['paid', 'delivered'].includes(status) ? `demo_${address.slice(0, 1)}` : null,
    createdAt,
    ...extra,
  });
  const rows = await insertOneLineOrders(t.db, [
    order('A', 'ann', solder, 2, 1000, 'paid', ago(5 * DAY)), // 20.00
    order('B\nBack door', 'bob', formula, 1, 999, 'delivered', ago(4 * DAY), { phone: '+1 555 0100' }), // 9.99
    order('C', 'ann', formula, 5, 999, 'unpaid', ago(HOUR), { expiresAt: ago(-HOUR) }), // 49.95, held
    order('D', 'bob', solder, 1, 1000, 'unpaid', ago(3 * HOUR), { expiresAt: ago(2 * HOUR) }), // past hold
    order('E', 'ann', solder, 3, 1000, 'cancelled', ago(3 * DAY), { cancelledAt: ago(3 * DAY) }),
    // More than any page holds: cancelled, so that they show only when asked for.
    ...Array.from({ length: 120 }, (_, i) =>
      order(`Crate ${i}`, 'cy', crate, 1, 500, 'cancelled', ago(10 * DAY + i * HOUR)),
    ),
  ]);
  for (const row of rows) {
    const label = row.address.split('\n')[0]!;
    ids[label] = row.id;
    placedAt[label] = row.createdAt.toISOString();
    numbers[label] = row.number;
  }
});

const get = (url: string, account: TestAccount | null = admin) => injectAs(t.app, account, { url });

/** The labels of the orders a GET /api/order answers with, in its order. */
async function labels(query: string): Promise<string[]> {
  const response = await get(`/api/order${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return orderPageSchema.parse(response.json()).items.map((order) => order.address.split('\n')[0]!);
}

describe('GET /api/order (Manage All Orders)', () => {
  it('answers SPEC §7’s plain array without parameters: every order but the cancelled ones, oldest first', async () => {
    const response = await get('/api/order');
    expect(response.statusCode).toBe(200);
    const list = orderListSchema.parse(response.json());
    expect(list.map((order) => order.address)).toEqual(['A', 'B\nBack door', 'D', 'C']);
    expect(list[1]).toMatchObject({ name: 'Smith, "Bob"', tool: "=cmd|' /C calc'!A0", status: 'delivered' });
  });

  it('answers a page of 25, newest first, with the total, once any parameter is given', async () => {
    const response = await get('/api/order?page=1');
    expect(orderPageSchema.parse(response.json())).toMatchObject({ total: 4, page: 1, limit: 25 });
    expect(await labels('?page=1')).toEqual(['C', 'D', 'B', 'A']);
  });

  it('filters by status, an unpaid order past its hold counting as expired', async () => {
    expect(await labels('?status=paid')).toEqual(['A']);
    expect(await labels('?status=delivered')).toEqual(['B']);
    expect(await labels('?status=unpaid')).toEqual(['C']);
    expect(await labels('?status=expired')).toEqual(['D']);
    expect(await labels('?status=cancelled&q=archer')).toEqual(['E']);
  });

  it('searches the customer’s name and e-mail and the tool, ignoring case', async () => {
    expect(await labels('?q=smith')).toEqual(['D', 'B']);
    expect(await labels('?q=ANN%40EXAMPLE')).toEqual(['C', 'A']);
    expect(await labels('?q=soldering')).toEqual(['D', 'A']);
    expect(await labels('?q=calc&status=unpaid')).toEqual(['C']);
    expect(await labels('?q=nobody')).toEqual([]);
  });

  it('sorts by date or total, both ways', async () => {
    expect(await labels('?sort=date-asc')).toEqual(['A', 'B', 'D', 'C']);
    expect(await labels('?sort=total-desc')).toEqual(['C', 'A', 'D', 'B']);
    expect(await labels('?sort=total-asc')).toEqual(['B', 'D', 'A', 'C']);
  });

  it('pages without overlap or gaps, each page with the whole total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/order?limit=3&page=${page}`)));
    const parsed = pages.map((page) => orderPageSchema.parse(page.json()));
    expect(parsed.map((page) => page.items.map((order) => order.address.split('\n')[0]))).toEqual([
      ['C', 'D', 'B'],
      ['A'],
      [],
    ]);
    expect(parsed.map((page) => [page.total, page.page, page.limit])).toEqual([
      [4, 1, 3],
      [4, 2, 3],
      [4, 3, 3],
    ]);
    const crates = orderPageSchema.parse((await get('/api/order?status=cancelled&q=crate')).json());
    expect(crates).toMatchObject({ total: 120, limit: 25 });
    expect(crates.items).toHaveLength(25);
  });

  it('answers 400, never 500, to filters it does not know', async () => {
    const badFilters = ['status=lost', 'sort=name', `q=${'x'.repeat(101)}`];
    for (const query of [...badFilters, 'limit=101', 'limit=0', 'page=0', 'page=x']) {
      expect((await get(`/api/order?${query}`)).statusCode, query).toBe(400);
    }
    for (const query of badFilters) {
      expect((await get(`/api/order/export.csv?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/order/export.csv', () => {
  const HEADER =
    'Order number,Order ID,Placed (UTC),Customer,E-mail,Line,Tool,Quantity,Unit price,Line total,Shipping,Order total,Status,Address,Phone,Transaction\r\n';
  const start = (label: string) => `${numbers[label]},${ids[label]},${placedAt[label]}`;
  const record = {
    A: () =>
      `${start('A')},Ann Archer,ann@example.com,1,Soldering iron,2,10.00,20.00,0.00,20.00,paid,A,,demo_A\r\n`,
    // The comma and quotes are quoted, the formula neutralised, the newline kept inside quotes.
    B: () =>
      `${start('B')},"Smith, ""Bob""",bob@shop.test,1,'=cmd|' /C calc'!A0,1,9.99,9.99,0.00,9.99,delivered,"B\nBack door",'+1 555 0100,demo_B\r\n`,
    C: () =>
      `${start('C')},Ann Archer,ann@example.com,1,'=cmd|' /C calc'!A0,5,9.99,49.95,0.00,49.95,unpaid,C,,\r\n`,
    D: () =>
      `${start('D')},"Smith, ""Bob""",bob@shop.test,1,Soldering iron,1,10.00,10.00,0.00,10.00,expired,D,,\r\n`,
  };

  it('downloads every order the list shows, as an RFC 4180 file with a dated name', async () => {
    const response = await get('/api/order/export.csv');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="toolshop-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['content-disposition']).toContain(new Date().toISOString().slice(0, 10));
    expect(response.body).toBe(HEADER + record.C() + record.D() + record.B() + record.A());
  });

  it('writes exactly the filtered orders in their sort, all of them rather than one page', async () => {
    const filtered = await get('/api/order/export.csv?q=smith&sort=total-asc&page=2&limit=1');
    expect(filtered.body).toBe(HEADER + record.B() + record.D());

    const crates = await get('/api/order/export.csv?status=cancelled&q=crate');
    const lines = crates.body.split('\r\n');
    expect(lines).toHaveLength(1 + 120 + 1);
    expect(lines.at(-1)).toBe('');
    expect(
      lines
        .slice(1, -1)
        .every((line) => line.includes(',1,Bulk crate,1,5.00,5.00,0.00,5.00,cancelled,Crate ')),
    ).toBe(true);
  });
});

describe('an order of several lines', () => {
  let orderId: string;
  let number: number;
  beforeAll(async () => {
    await t.db.insert(user).values({ id: 'u-dee', name: 'Dee Lines', email: 'dee@example.com' });
    const driver = await createTool(t.db, { name: 'Torque driver' });
    const gun = await createTool(t.db, { name: 'Heat gun' });
    // Cancelled, so that it shows only when asked for and leaves the lists above as they are.
    const [row] = await t.db
      .insert(orders)
      .values({
        userId: 'u-dee',
        name: 'Dee Lines',
        email: 'dee@example.com',
        toolId: driver.id,
        toolName: 'Torque driver, Heat gun',
        quantity: 5,
        unitPriceCents: null as unknown as number,
        shippingCents: 495,
        address: 'Dock 9',
        status: 'cancelled',
        createdAt: ago(20 * DAY),
      })
      .returning();
    orderId = row!.id;
    number = row!.number;
    await t.db.insert(orderLines).values([
      {
        orderId,
        position: 1,
        toolId: driver.id,
        toolName: 'Torque driver',
        quantity: 2,
        unitPriceCents: 1500,
      },
      { orderId, position: 2, toolId: gun.id, toolName: 'Heat gun', quantity: 3, unitPriceCents: 2250 },
    ]);
  });

  it("is found by any of its lines' tools, and not by text spanning two of them", async () => {
    expect(await labels('?status=cancelled&q=heat%20gun')).toEqual(['Dock 9']);
    expect(await labels('?status=cancelled&q=torque')).toEqual(['Dock 9']);
    expect(await labels('?status=cancelled&q=driver%2C%20heat')).toEqual([]);
  });

  it('exports one record per line, each with the order number, its shipping and total', async () => {
    const response = await get('/api/order/export.csv?status=cancelled&q=dee%40example');
    const records = response.body.split('\r\n').slice(1, -1);
    expect(records).toHaveLength(2);
    expect(records.map((record) => record.split(',').slice(0, 2).join(','))).toEqual([
      `${number},${orderId}`,
      `${number},${orderId}`,
    ]);
    // 2 × 15.00 + 3 × 22.50 + 4.95 shipping = 102.45
    expect(records.map((record) => record.split(',').slice(3).join(','))).toEqual([
      'Dee Lines,dee@example.com,1,Torque driver,2,15.00,30.00,4.95,102.45,cancelled,Dock 9,,',
      'Dee Lines,dee@example.com,2,Heat gun,3,22.50,67.50,4.95,102.45,cancelled,Dock 9,,',
    ]);
  });
});

describe('who may call the new order calls', () => {
  it('answers 401 anonymously, 403 to a customer and 200 to an admin', async () => {
    for (const url of ['/api/order?status=paid', '/api/order/export.csv']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, customer)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });
});
