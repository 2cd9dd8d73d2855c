import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import { tools } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder } from '../test/orders';
import { sitemapAddresses, sitemapXml } from './seo-routes';

// What a search engine reads first: robots.txt, then the sitemap it names: an index of files of bounded
// size (decision 056), here three addresses a file. Both engines.
const PUBLIC_URL = 'https://shop.example';
const PER_FILE = 3;
const t = useTestApp({ env: { PUBLIC_URL }, sitemapUrlsPerFile: PER_FILE });
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const fromShop = { origin: PUBLIC_URL };

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/**
 * Reads XML as strictly as a crawler's parser, for the subset a sitemap uses (a declaration, elements,
 * double-quoted attributes, text with the five predefined entities): throws on anything not well formed,
 * such as an unescaped & or a tag closed out of order.
 */
function readXml(xml: string): XmlElement {
  const decode = (text: string) => {
    if (/<|&(?!(lt|gt|amp|apos|quot);)/.test(text)) throw new Error(`not escaped: ${text}`);
    return text.replace(/&(\w+);/g, (_, name: string) => ENTITIES[name]!);
  };
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>/.exec(xml);
  if (!declaration) throw new Error('no XML declaration');
  const document: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open = [document];
  const token = /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = declaration[0].length;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`not XML at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attributes = '', selfClosing, text] = match;
    const current = open.at(-1)!;
    if (text !== undefined) {
      // Only whitespace may stand outside the root element.
      if (current !== document || text.trim()) current.text += decode(text);
    } else if (closing) {
      if (current.name !== name) throw new Error(`</${name}> closes <${current.name}>`);
      open.pop();
    } else {
      const element: XmlElement = { name: name!, attributes: {}, children: [], text: '' };
      for (const [, key, value] of attributes.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        element.attributes[key!] = decode(value!);
      }
      current.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  if (open.length !== 1 || document.children.length !== 1 || document.text) {
    throw new Error('not one root element');
  }
  return document.children[0]!;
}

/**
 * The sitemap's entries, after checking it is a sitemaps.org <urlset> of <url> entries, each a <loc>,
 * perhaps a <lastmod> (a W3C datetime) and perhaps Google's <image:image> with its <image:loc>, in that
 * order.
 */
function entriesIn(xml: string): { loc: string; lastmod?: string; images: string[] }[] {
  const urlset = readXml(xml);
  expect(urlset.name).toBe('urlset');
  expect(urlset.attributes).toEqual({
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    'xmlns:image': 'http://www.google.com/schemas/sitemap-image/1.1',
  });
  return urlset.children.map((url) => {
    expect(url.name).toBe('url');
    const [loc, ...more] = url.children;
    expect(loc?.name).toBe('loc');
    const entry: { loc: string; lastmod?: string; images: string[] } = { loc: loc!.text, images: [] };
    if (more[0]?.name === 'lastmod') {
      entry.lastmod = more.shift()!.text;
      expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    while (more[0]?.name === 'image:image') {
      const [imageLoc, ...rest] = more.shift()!.children;
      expect(imageLoc?.name).toBe('image:loc');
      expect(rest).toEqual([]);
      entry.images.push(imageLoc!.text);
    }
    expect(more).toEqual([]);
    return entry;
  });
}

const locationsIn = (xml: string) => entriesIn(xml).map((entry) => entry.loc);

const xmlAt = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return response.body;
};

/** The sitemap's files, as its index (a <sitemapindex> of <sitemap><loc> entries) names them. */
async function sitemapFiles(): Promise<string[]> {
  const index = readXml(await xmlAt('/sitemap.xml'));
  expect(index.name).toBe('sitemapindex');
  expect(index.attributes).toEqual({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
  return index.children.map((item) => {
    expect(item.name).toBe('sitemap');
    expect(item.children.map((child) => child.name)).toEqual(['loc']);
    return item.children[0]!.text;
  });
}

/** Every entry of every file the index names, in order, each file checked to hold at most PER_FILE. */
const sitemap = async () => {
  const files = await Promise.all(
    (await sitemapFiles()).map(async (file) => {
      expect(file.startsWith(PUBLIC_URL)).toBe(true);
      return entriesIn(await xmlAt(file.slice(PUBLIC_URL.length)));
    }),
  );
  for (const file of files) expect(file.length).toBeLessThanOrEqual(PER_FILE);
  return files.flat();
};

const locations = async () => (await sitemap()).map((entry) => entry.loc);

/** The <lastmod> the sitemap gives a product's page. */
const lastmodOf = async (toolId: string) =>
  (await sitemap()).find((entry) => entry.loc === `${PUBLIC_URL}/tools/${toolId}`)?.lastmod;

describe('sitemap and robots.txt', () => {
  it('lists the public pages, every category and every product of the catalogue, as absolute addresses', async () => {
    const tools = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>();
    const categories = (await t.app.inject({ url: '/api/categories' })).json<{ slug: string }[]>();

    expect(await locations()).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/tools`,
      `${PUBLIC_URL}/blogs`,
      `${PUBLIC_URL}/portfolio`,
      ...categories.map((category) => `${PUBLIC_URL}/tools/category/${category.slug}`),
      ...tools.map((tool) => `${PUBLIC_URL}/tools/${tool._id}`),
    ]);
    expect(tools.length).toBeGreaterThan(0);
    expect(categories.length).toBe(6);
  });

  it("gives each product's page its photos as raster files, the main one first: a drawing's WebP copy, an upload as stored", async () => {
    const uploaded = await createTool(t.db, { img: '/api/images/00000000-0000-4000-8000-000000000002.webp' });
    // Written straight into the table: announced as a write through the API is, so the kept sitemap follows.
    await t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
    const listed = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>();
    const tools = await Promise.all(
      listed.map(async ({ _id }) => (await t.app.inject({ url: `/api/tools/${_id}` })).json<Tool>()),
    );
    const entries = new Map((await sitemap()).map((entry) => [entry.loc, entry]));

    // The demo catalogue has products with several photos.
    expect(tools.some((tool) => tool.images.length > 1)).toBe(true);
    for (const tool of tools) {
      const images = entries.get(`${PUBLIC_URL}/tools/${tool._id}`)?.images;
      expect(images, tool.name).toEqual(
        tool.images.map((image) => `${PUBLIC_URL}${image.replace(/\.svg$/, '.webp')}`),
      );
    }
    expect(entries.get(`${PUBLIC_URL}/tools/${uploaded.id}`)?.images).toEqual([
      `${PUBLIC_URL}${uploaded.img}`,
    ]);
    // A page without a product's picture names none.
    expect(entries.get(`${PUBLIC_URL}/blogs`)?.images).toEqual([]);
  });

  it('is an index of files of at most the bound each, all full but the last', async () => {
    // The four public pages, every category's page and every product's.
    const listed = async (url: string) => (await t.app.inject({ url })).json<unknown[]>().length;
    const count = 4 + (await listed('/api/categories')) + (await listed('/api/tools'));

    const files = await sitemapFiles();
    expect(files).toEqual(
      Array.from({ length: Math.ceil(count / PER_FILE) }, (_, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`),
    );
    const sizes = await Promise.all(
      files.map(async (file) => locationsIn(await xmlAt(file.slice(PUBLIC_URL.length))).length),
    );
    expect(sizes.slice(0, -1).every((size) => size === PER_FILE)).toBe(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
  });

  it.each(['/sitemap-0.xml', '/sitemap-99.xml'])(
    'answers %s, a file the index does not name, 404',
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    },
  );

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

  it("dates each product by its page's last change: an edit or selling out, not every order", async () => {
    const LONG_AGO = '2020-01-01T00:00:00.000Z';
    const customer = await signUp(t.app);
    // Written straight into the table, then announced as a write through the API is: the sitemap follows.
    const announced = async (write: Promise<unknown>) => {
      await write;
      await t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
    };
    const tool = await createTool(t.db, { onHand: 3, minimumOrder: 1 });
    const backToLongAgo = () =>
      announced(
        t.db
          .update(tools)
          .set({ updatedAt: new Date(LONG_AGO) })
          .where(eq(tools.id, tool.id)),
      );
    await backToLongAgo();
    // The demo catalogue's tools are dated too: a page without a date is not one of its products.
    expect(
      (await sitemap()).filter((entry) => /\/tools\/[0-9a-f-]{36}$/.test(entry.loc) && !entry.lastmod),
    ).toEqual([]);
    expect(await lastmodOf(tool.id)).toBe(LONG_AGO);

    // An order sold a unit, and the admin counted the shelf: counts moved, the page's product did not.
    await placePaidOrder(t.app, customer, tool.id, t.app, fromShop);
    const restock = (quantity: number) =>
      injectAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/tools/${tool.id}`,
        headers: fromShop,
        payload: { restAvailableQuantity: quantity },
      });
    expect((await restock(2)).statusCode).toBe(200);
    expect(await lastmodOf(tool.id)).toBe(LONG_AGO);

    // The admin changed its price.
    const edit = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/tools/${tool.id}`,
      headers: fromShop,
      payload: {
        price: 99,
        availableQuantity: 2,
        minimumOrder: 1,
        description: tool.description,
        img: tool.img,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await lastmodOf(tool.id)).not.toBe(LONG_AGO);

    // Its last units were ordered: sold out, as its page and its offer say.
    await backToLongAgo();
    await placePaidOrder(t.app, customer, tool.id, t.app, fromShop);
    expect(await lastmodOf(tool.id)).toBe(LONG_AGO); // one unit is left
    await placePaidOrder(t.app, customer, tool.id, t.app, fromShop);
    expect(await lastmodOf(tool.id)).not.toBe(LONG_AGO);

    // Restocked, it is back on sale: a change again.
    await backToLongAgo();
    expect((await restock(5)).statusCode).toBe(200);
    expect(await lastmodOf(tool.id)).not.toBe(LONG_AGO);
  });

  it('escapes what XML reserves in an address', () => {
    const updatedAt = new Date('2026-11-27T12:00:00Z');
    const addresses = sitemapAddresses([
      { id: "it's<1>", images: ['/api/images/x.webp?w=1&v=2'], updatedAt },
    ]);
    const xml = sitemapXml('https://shop.example/a&b', addresses);
    expect(entriesIn(xml).at(-1)?.images).toEqual(['https://shop.example/api/images/x.webp?w=1&v=2']);
    expect(locationsIn(xml)).toEqual([
      'https://shop.example/a&b/',
      'https://shop.example/a&b/tools',
      'https://shop.example/a&b/blogs',
      'https://shop.example/a&b/portfolio',
      "https://shop.example/a&b/tools/it's%3C1%3E",
    ]);
  });

  it('robots.txt allows the storefront and its images, keeps crawlers out of the dashboard and the API, names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Allow: /api/images/',
        'Disallow: /dashboard',
        'Disallow: /api',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });
});
