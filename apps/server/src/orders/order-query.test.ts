import { beforeAll, describe, expect, it } from 'vitest';
import { orderFiltersSchema, type OrderFiltersInput } from '@toolshop/shared/order-filters';
import { resolvePage } from '@toolshop/shared/paging';
import { orders, user } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { insertOneLineOrders } from '../test/orders';
import { orderFilterWhere, orderSortBy } from './order-query';

const t = useTestApp({ seed: false });

/** The ids (as their names) of the orders a query's filters, sort and page select. */
async function select(input: OrderFiltersInput): Promise<string[]> {
  const filters = orderFiltersSchema.parse(input);
  const { limit, offset } = resolvePage(filters);
  const rows = await t.db
    .select({ address: orders.address })
    .from(orders)
    .where(orderFilterWhere(filters))
    .orderBy(...orderSortBy(filters.sort))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.address);
}

beforeAll(async () => {
  await t.db.insert(user).values([
    { id: 'u-ann', name: 'Ann Archer', email: 'ann@example.com' },
    { id: 'u-bob', name: 'Bob 100%_Builder', email: 'bob@shop.test' },
  ]);
  const solder = await createTool(t.db, { name: 'Soldering iron' });
  const pliers = await createTool(t.db, { name: 'Pliers' });
  const order = (
    address: string,
    who: 'ann' | 'bob',
    tool: { id: string; name: string },
    quantity: number,
    unitPriceCents: number,
    status: string,
    createdAt: string,
    expiresAt: string | null = null,
  ) => ({
    userId: `u-${who}`,
    email: who === 'ann' ? 'ann@example.com' : 'bob@shop.test',
    name: who === 'ann' ? 'Ann Archer' : 'Bob 100%_Builder',
    toolId: tool.id,
    toolName: tool.name,
    quantity,
    unitPriceCents,
    address,
    status,
    transactionId: ['paid', 'delivered'].includes(status) ? `demo_${address}` : null,
    createdAt: new Date(createdAt),
    expiresAt: expiresAt ? new Date(expiresAt) : null,
  });
  // Each order's address is its name in the assertions.
  await insertOneLineOrders(t.db, [
    order('A', 'ann', solder, 2, 1000, 'paid', '2026-11-01T00:00:00Z'), // 20.00
    order('B', 'bob', pliers, 1, 999, 'delivered', '2026-11-02T00:00:00Z'), // 9.99
    order('C', 'ann', pliers, 5, 999, 'unpaid', '2026-11-20T09:30:00Z', '2099-01-01T00:00:00Z'), // 49.95, held
    order('D', 'bob', solder, 1, 1000, 'unpaid', '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z'), // past hold
    order('E', 'bob', solder, 3, 1000, 'expired', '2026-11-03T00:00:00Z', '2026-11-03T01:00:00Z'),
    order('F', 'ann', solder, 1, 1000, 'cancelled', '2026-11-04T00:00:00Z'),
  ]);
});

describe('the order list filters', () => {
  it('lists every order but the cancelled ones, newest first, by default', async () => {
    expect(await select({})).toEqual(['C', 'D', 'E', 'B', 'A']);
  });

  it('filters by status, an unpaid order past its hold counting as expired', async () => {
    expect(await select({ status: 'paid' })).toEqual(['A']);
    expect(await select({ status: 'unpaid' })).toEqual(['C']);
    expect(await select({ status: 'expired' })).toEqual(['D', 'E']);
    expect(await select({ status: 'cancelled' })).toEqual(['F']);
  });

  it('searches the customer name, e-mail and tool, ignoring case, with % and _ taken literally', async () => {
    expect(await select({ q: 'archer' })).toEqual(['C', 'A']);
    expect(await select({ q: 'archer', status: 'cancelled' })).toEqual(['F']);
    expect(await select({ q: 'SHOP.TEST' })).toEqual(['D', 'E', 'B']);
    expect(await select({ q: 'solder' })).toEqual(['D', 'E', 'A']);
    expect(await select({ q: '100%_' })).toEqual(['D', 'E', 'B']);
    expect(await select({ q: '%' })).toEqual(['D', 'E', 'B']);
    expect(await select({ q: 'a_n' })).toEqual([]);
    expect(await select({ q: 'pliers', status: 'unpaid' })).toEqual(['C']);
  });

  it('sorts by date or by total, both ways', async () => {
    expect(await select({ sort: 'date-asc' })).toEqual(['A', 'B', 'E', 'D', 'C']);
    expect(await select({ sort: 'total-desc' })).toEqual(['C', 'E', 'A', 'D', 'B']);
    expect(await select({ sort: 'total-asc' })).toEqual(['B', 'D', 'A', 'E', 'C']);
  });

  it('pages without overlap or gaps', async () => {
    const pages = [
      await select({ limit: 4, page: 1 }),
      await select({ limit: 4, page: 2 }),
      await select({ limit: 4, page: 3 }),
    ];
    expect(pages).toEqual([['C', 'D', 'E', 'B'], ['A'], []]);
  });
});

describe('orderFiltersSchema', () => {
  it('fills in the defaults: newest first, page 1 of 25', () => {
    expect(orderFiltersSchema.parse({})).toEqual({ sort: 'date-desc', page: 1, limit: 25 });
    expect(orderFiltersSchema.parse({ q: '  ' })).toEqual({ sort: 'date-desc', page: 1, limit: 25 });
  });

  it('reads URL strings and refuses what is out of range', () => {
    expect(orderFiltersSchema.parse({ page: '3', limit: '100', q: ' ann ' })).toMatchObject({
      page: 3,
      limit: 100,
      q: 'ann',
    });
    expect(orderFiltersSchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(orderFiltersSchema.safeParse({ page: '0' }).success).toBe(false);
    expect(orderFiltersSchema.safeParse({ sort: 'name' }).success).toBe(false);
    expect(orderFiltersSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
