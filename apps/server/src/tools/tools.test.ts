import { describe, expect, it } from 'vitest';
import { productReviewPageSchema } from '@toolshop/shared/product-review';
import { toolListSchema, toolSchema } from '@toolshop/shared/tool';
import { seedProductReviews, seedTools } from '../db/seed-data';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp();

describe('GET /api/tools', () => {
  it('lists the seeded catalogue in catalogue order with the SPEC field names, prices in dollars', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tools' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const tools = toolListSchema.parse(response.json());
    expect(tools.map((tool) => tool.name)).toEqual(seedTools.map((tool) => tool.name));
    // As sent, not as parsed: the fields SPEC's clients always had, and no other (decision 055).
    const [first] = response.json<unknown[]>();
    expect(first).toStrictEqual({
      _id: expect.any(String),
      name: seedTools[0]!.name,
      price: seedTools[0]!.priceCents / 100,
      img: seedTools[0]!.img,
      description: seedTools[0]!.description,
      minimumOrder: seedTools[0]!.minimumOrder,
      availableQuantity: seedTools[0]!.availableQuantity,
      onHand: seedTools[0]!.availableQuantity,
      reserved: 0,
      lowStockThreshold: null,
    });
  });

  it('is public and sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tools' });

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('compresses the catalogue for clients that accept gzip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tools',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('GET /api/tools/:id', () => {
  it('returns one tool by its _id', async () => {
    const [listed] = toolListSchema.parse((await t.app.inject({ url: '/api/tools' })).json());

    const response = await t.app.inject({ url: `/api/tools/${listed!._id}` });

    expect(response.statusCode).toBe(200);
    // One tool also names its category, its rating and its photos (decisions 055, 057, 058); the plain
    // list keeps SPEC's fields.
    expect(toolSchema.parse(response.json())).toEqual({
      ...listed,
      images: [listed!.img, ...(seedTools.find((seeded) => seeded.name === listed!.name)!.gallery ?? [])],
      categoryId: expect.any(String),
      rating: { average: 4.67, count: 3 },
    });
  });

  it("shows the demo catalogue's reviews, newest first, none of them a verified purchase", async () => {
    const [listed] = toolListSchema.parse((await t.app.inject({ url: '/api/tools' })).json());
    const seeded = seedProductReviews.filter((review) => review.tool === listed!.name);

    const response = await t.app.inject({ url: `/api/tools/${listed!._id}/reviews` });

    expect(response.statusCode).toBe(200);
    const page = productReviewPageSchema.parse(response.json());
    expect(
      page.items.map(({ name, rating, body, verifiedPurchase }) => ({
        name,
        rating,
        body,
        verifiedPurchase,
      })),
    ).toEqual(
      seeded.toReversed().map(({ name, rating, body }) => ({ name, rating, body, verifiedPurchase: false })),
    );
    expect(page.rating).toMatchObject({ average: 4.67, count: 3 });
  });

  it.each([
    ['an unknown id', '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a'],
    ['a malformed id', 'not-an-id'],
    ['an id that looks like SQL', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_label, id) => {
    const response = await t.app.inject({ url: `/api/tools/${encodeURIComponent(id)}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Tool not found' } });
  });
});
