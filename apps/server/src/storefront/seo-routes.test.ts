import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
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
 * The addresses of a sitemaps.org `<urlset>` of `<url><loc>` entries, or of a `<sitemapindex>` of
 * `<sitemap><loc>` entries, after checking it is one.
 */
function locationsIn(xml: string, root = 'urlset', entry = 'url'): string[] {
  const list = readXml(xml);
  expect(list.name).toBe(root);
  expect(list.attributes).toEqual({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
  return list.children.map((item) => {
    expect(item.name).toBe(entry);
    expect(item.children.map((child) => child.name)).toEqual(['loc']);
    return item.children[0]!.text;
  });
}

const xmlAt = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return response.body;
};

/** The sitemap's files, as its index names them. */
const sitemapFiles = async () => locationsIn(await xmlAt('/sitemap.xml'), 'sitemapindex', 'sitemap');

/** Every address of every file the index names, in order, each file checked to hold at most PER_FILE. */
const locations = async () => {
  const files = await Promise.all(
    (await sitemapFiles()).map(async (file) => {
      expect(file.startsWith(PUBLIC_URL)).toBe(true);
      return locationsIn(await xmlAt(file.slice(PUBLIC_URL.length)));
    }),
  );
  for (const file of files) expect(file.length).toBeLessThanOrEqual(PER_FILE);
  return files.flat();
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

  it('is an index of files of at most the bound each, all full but the last', async () => {
    const count = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>().length + 4;

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

  it('escapes what XML reserves in an address', () => {
    expect(locationsIn(sitemapXml('https://shop.example/a&b', sitemapAddresses(["it's<1>"])))).toEqual([
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
