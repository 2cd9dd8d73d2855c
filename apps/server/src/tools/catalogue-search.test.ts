import { beforeAll, describe, expect, it } from 'vitest';
import { toolListSchema } from '@toolshop/shared/tool';
import { toolPageSchema } from '@toolshop/shared/tool-filters';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Manage All Products' list (decision 021) and the storefront's /tools (decision 024): GET /api/tools grows
// ?q=&sort=&inStock=&page=&limit= and answers a page with its total; without parameters it stays SPEC §7's
// plain array. Both engines.
const t = useTestApp({ seed: false });
let admin: TestAccount;

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  // Added on days 1–5, so "date added" has one answer; names, prices and stock each sort differently.
  await createTool(t.db, { name: 'Soldering iron', priceCents: 4500, onHand: 30, createdAt: day(1) });
  await createTool(t.db, {
    name: 'anti-static mat',
    description: 'Keeps boards safe from electrostatic discharge.',
    priceCents: 1999,
    onHand: 300,
    createdAt: day(2),
  });
  await createTool(t.db, {
    name: 'Digital multimeter',
    priceCents: 12950,
    onHand: 80,
    reserved: 75,
    createdAt: day(3),
  });
  // 12 left, sold by 20 at least: listed, but no customer can order it now.
  await createTool(t.db, {
    name: '100% cotton swabs',
    priceCents: 350,
    onHand: 12,
    minimumOrder: 20,
    createdAt: day(4),
  });
  await createTool(t.db, { name: 'Multimeter probes', priceCents: 1999, onHand: 40, createdAt: day(5) });
  await createTool(t.db, { name: 'Retired multimeter', onHand: 1, deletedAt: day(6), createdAt: day(6) });
});

const list = async (query: string) => {
  const response = await t.app.inject({ url: `/api/tools?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return toolPageSchema.parse(response.json());
};
const names = async (query: string) => (await list(query)).items.map((tool) => tool.name);

describe('GET /api/tools with search, sort and paging', () => {
  it('without parameters answers SPEC §7’s plain array of the whole catalogue, newest first', async () => {
    for (const url of ['/api/tools', '/api/tools?unknown=1', '/api/tools?q=%20']) {
      const response = await t.app.inject({ url });
      expect(toolListSchema.parse(response.json()).map((tool) => tool.name)).toEqual([
        'Multimeter probes',
        '100% cotton swabs',
        'Digital multimeter',
        'anti-static mat',
        'Soldering iron',
      ]);
    }
  });

  it('with any parameter answers a page of 25, newest first, with the total', async () => {
    expect(await list('page=1')).toEqual({
      items: expect.any(Array),
      total: 5,
      page: 1,
      limit: 25,
    });
    expect(await names('sort=date-desc')).toEqual([
      'Multimeter probes',
      '100% cotton swabs',
      'Digital multimeter',
      'anti-static mat',
      'Soldering iron',
    ]);
  });

  it('searches names anywhere, ignoring case, and counts only the matches; deleted tools never match', async () => {
    expect(await list('q=MULTIMETER')).toMatchObject({ total: 2 });
    // Equally relevant: by name.
    expect(await names('q=MULTIMETER')).toEqual(['Digital multimeter', 'Multimeter probes']);
    expect(await names('q=%20solder%20')).toEqual(['Soldering iron']);
    expect(await list('q=wrench')).toEqual({ items: [], total: 0, page: 1, limit: 25 });
  });

  it('searches descriptions too', async () => {
    expect(await names('q=DISCHARGE')).toEqual(['anti-static mat']);
  });

  it('with inStock keeps only what a customer can order now, at least its minimum order', async () => {
    const inStock = await list('inStock=true');
    expect(inStock.total).toBe(4);
    expect(inStock.items.map((tool) => tool.name)).not.toContain('100% cotton swabs');
    expect(await names('inStock=1&q=cotton')).toEqual([]);
    expect((await list('inStock=false')).total).toBe(5);
  });

  it('refuses an inStock that is not true or false with a 400 naming it', async () => {
    const response = await t.app.inject({ url: '/api/tools?inStock=maybe' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['querystring.inStock']);
  });

  it('matches % and _ literally', async () => {
    expect(await names(`q=${encodeURIComponent('%')}`)).toEqual(['100% cotton swabs']);
    expect(await names('q=_')).toEqual([]);
  });

  it.each([
    [
      'date-asc',
      ['Soldering iron', 'anti-static mat', 'Digital multimeter', '100% cotton swabs', 'Multimeter probes'],
    ],
    [
      'name-asc',
      ['100% cotton swabs', 'anti-static mat', 'Digital multimeter', 'Multimeter probes', 'Soldering iron'],
    ],
    [
      'name-desc',
      ['Soldering iron', 'Multimeter probes', 'Digital multimeter', 'anti-static mat', '100% cotton swabs'],
    ],
    // Equal prices go by name.
    [
      'price-asc',
      ['100% cotton swabs', 'anti-static mat', 'Multimeter probes', 'Soldering iron', 'Digital multimeter'],
    ],
    [
      'price-desc',
      ['Digital multimeter', 'Soldering iron', 'anti-static mat', 'Multimeter probes', '100% cotton swabs'],
    ],
    // Available: on hand less what unpaid orders hold (the multimeter: 80 − 75).
    [
      'available-asc',
      ['Digital multimeter', '100% cotton swabs', 'Soldering iron', 'Multimeter probes', 'anti-static mat'],
    ],
    [
      'available-desc',
      ['anti-static mat', 'Multimeter probes', 'Soldering iron', '100% cotton swabs', 'Digital multimeter'],
    ],
  ])('sorts by %s', async (sort, expected) => {
    expect(await names(`sort=${sort}`)).toEqual(expected);
  });

  it('pages through the matches without overlap or gaps', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`sort=name-asc&limit=2&page=${page}`)));
    expect(pages.map((page) => page.items.map((tool) => tool.name))).toEqual([
      ['100% cotton swabs', 'anti-static mat'],
      ['Digital multimeter', 'Multimeter probes'],
      ['Soldering iron'],
    ]);
    expect(pages.map(({ total, page, limit }) => ({ total, page, limit }))).toEqual([
      { total: 5, page: 1, limit: 2 },
      { total: 5, page: 2, limit: 2 },
      { total: 5, page: 3, limit: 2 },
    ]);
    expect(await list('page=9')).toMatchObject({ items: [], total: 5, page: 9 });
  });

  it.each([
    ['an unknown sort', 'sort=cheapest', 'querystring.sort'],
    ['page 0', 'page=0', 'querystring.page'],
    ['a page that is not a number', 'page=two', 'querystring.page'],
    ['more than 100 a page', 'limit=101', 'querystring.limit'],
    ['a search of over 100 characters', `q=${'a'.repeat(101)}`, 'querystring.q'],
  ])('refuses %s with a 400 naming the parameter', async (_label, query, field) => {
    const response = await t.app.inject({ url: `/api/tools?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty([field]);
  });

  it('follows stock changes: a cached page sorted by stock is redone after a restock', async () => {
    expect((await names('sort=available-asc'))[0]).toBe('Digital multimeter');
    const [swabs] = (await list('q=swabs')).items;
    const restocked = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${swabs!._id}`,
      payload: { restAvailableQuantity: 1 },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect((await names('sort=available-asc'))[0]).toBe('100% cotton swabs');
  });
});
