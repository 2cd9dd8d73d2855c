import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// What a search engine reads first: robots.txt, then the sitemap it names. Both engines.
const PUBLIC_URL = 'https://shop.example';
const t = useTestApp({ env: { PUBLIC_URL } });
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const fromShop = { origin: PUBLIC_URL };
const locations = async () => {
  const response = await t.app.inject({ url: '/sitemap.xml' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.body).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  return [...response.body.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map(([, loc]) => loc!);
};

describe('sitemap and robots.txt', () => {
  it('lists the public pages and every product of the catalogue, as absolute addresses', async () => {
    const tools = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>();

    expect(await locations()).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/tools`,
      `${PUBLIC_URL}/blogs`,
      `${PUBLIC_URL}/portfolio`,
      ...tools.map((tool) => `${PUBLIC_URL}/tools/${tool._id}`),
    ]);
    expect(tools.length).toBeGreaterThan(0);
  });

  it('follows the catalogue: a new product appears, a deleted one is gone', async () => {
    await locations(); // kept from here on
    const added = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/tools',
      headers: fromShop,
      payload: {
        name: 'Sitemap test tool',
        price: 12,
        availableQuantity: 10,
        minimumOrder: 1,
        description: 'Listed for search engines.',
        img: '/images/tools/thermal-paste.svg',
      },
    });
    expect(added.statusCode).toBe(201);
    const page = `${PUBLIC_URL}/tools/${added.json<Tool>()._id}`;
    expect(await locations()).toContain(page);

    const removed = await injectAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/tools/${added.json<Tool>()._id}`,
      headers: fromShop,
    });
    expect(removed.statusCode).toBe(200);
    expect(await locations()).not.toContain(page);
  });

  it('robots.txt allows the storefront, keeps crawlers out of the dashboard and the API, names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /api',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });
});
