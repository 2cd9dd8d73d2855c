import { describe, expect, it } from 'vitest';
import { toolFacetsSchema } from '@toolshop/shared/tool-facets';
import { toolPageSchema } from '@toolshop/shared/tool-filters';
import { toolSchema } from '@toolshop/shared/tool';
import { z } from 'zod';
import { injectAs, signUpAdmin } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// The demo catalogue, placed in its six categories by migration 0021 and the seed (decision 055).
const t = useTestApp();

async function facets(query = '') {
  const response = await t.app.inject({ url: `/api/tools/facets${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const answer = toolFacetsSchema.parse(response.json());
  return {
    total: answer.total,
    inStock: answer.inStock,
    categories: Object.fromEntries(answer.categories.map((category) => [category.slug, category.count])),
    prices: answer.prices.map((range) => range.count),
  };
}

async function page(query: string) {
  const response = await t.app.inject({ url: `/api/tools?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return toolPageSchema.parse(response.json());
}

const ALL_CATEGORIES = {
  'opening-tools': 2,
  'screwdrivers-and-bits': 2,
  'soldering-and-rework': 2,
  'meters-and-testers': 3,
  'esd-and-safety': 2,
  'cleaning-and-consumables': 1,
};

describe('GET /api/tools/facets', () => {
  it('counts the whole catalogue per category, per price range and in stock', async () => {
    expect(await facets()).toEqual({
      total: 12,
      inStock: 12,
      categories: ALL_CATEGORIES,
      // Under $10, $10–25, $25–50, $50–100, $100 and over.
      prices: [4, 5, 1, 1, 1],
    });
  });

  it('counts each facet with the other filters, never its own', async () => {
    // A category: the categories still count the whole catalogue; the prices only that category.
    expect(await facets('?category=meters-and-testers')).toEqual({
      total: 3,
      inStock: 3,
      categories: ALL_CATEGORIES,
      prices: [0, 2, 1, 0, 0],
    });
    // A price range: the categories count within it; the price ranges still count every price.
    expect(await facets('?minPrice=10&maxPrice=24.99')).toEqual({
      total: 5,
      inStock: 5,
      categories: {
        ...Object.fromEntries(Object.keys(ALL_CATEGORIES).map((slug) => [slug, 0])),
        'screwdrivers-and-bits': 2,
        'meters-and-testers': 2,
        'esd-and-safety': 1,
      },
      prices: [4, 5, 1, 1, 1],
    });
    // Both: what is left of each is what the page lists.
    const both = await facets('?category=meters-and-testers&minPrice=10&maxPrice=24.99');
    expect(both.total).toBe(2);
    const listed = await page('category=meters-and-testers&minPrice=10&maxPrice=24.99');
    expect(listed.total).toBe(2);
    expect(listed.items.map((tool) => tool.name).sort()).toEqual([
      'RJ45 / RJ11 Network Cable Tester',
      'USB-C Power Meter & PD Tester',
    ]);
  });

  it('follows the stock: a tool sold out leaves the in-stock count and, filtered, the other counts', async () => {
    const admin = await signUpAdmin(t.app);
    const all = await page('limit=100');
    const multimeter = all.items.find((tool) => tool.name.startsWith('True-RMS'))!;
    // Below its minimum order of 5: sold out for a customer.
    const restock = (units: number) =>
      injectAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/tools/${multimeter._id}`,
        payload: { restAvailableQuantity: units },
      });
    expect((await restock(2)).statusCode).toBe(200);
    try {
      const unfiltered = await facets('?category=meters-and-testers');
      expect(unfiltered.total).toBe(3);
      expect(unfiltered.inStock).toBe(2);
      const inStock = await facets('?inStock=true');
      expect(inStock.total).toBe(11);
      expect(inStock.inStock).toBe(11);
      expect(inStock.categories['meters-and-testers']).toBe(2);
      expect(inStock.prices).toEqual([4, 5, 0, 1, 1]);
    } finally {
      await restock(650);
    }
  });

  it('lists an unknown category as empty and refuses malformed filters with a 400', async () => {
    expect((await facets('?category=no-such-kind')).total).toBe(0);
    expect((await page('category=no-such-kind')).total).toBe(0);
    for (const query of ['category=Not%20A%20Slug', 'minPrice=-1', 'maxPrice=cheap']) {
      const response = await t.app.inject({ url: `/api/tools/facets?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
      expect((await t.app.inject({ url: `/api/tools?${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/tools/:id/related', () => {
  it('suggests four other tools: of its category first, then the newest of the rest', async () => {
    const all = await page('limit=100');
    const multimeter = all.items.find((tool) => tool.name.startsWith('True-RMS'))!;

    const response = await t.app.inject({ url: `/api/tools/${multimeter._id}/related` });

    expect(response.statusCode, response.body).toBe(200);
    const related = z.array(toolSchema).parse(response.json());
    expect(related.map((tool) => tool.name)).toEqual([
      'USB-C Power Meter & PD Tester',
      'RJ45 / RJ11 Network Cable Tester',
      '64-in-1 Precision Screwdriver Set',
      '60W Digital Soldering Station',
    ]);
  });

  it('answers 404 for an unknown tool', async () => {
    const response = await t.app.inject({ url: '/api/tools/7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a/related' });
    expect(response.statusCode).toBe(404);
  });
});
