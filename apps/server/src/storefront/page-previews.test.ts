import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// What a link preview (Open Graph, X's card) and a search engine's structured data read of each public
// page: the server-rendered HTML of the real web build, on the demo catalogue (decision 059).
const PUBLIC_URL = 'https://shop.example';
const t = useTestApp({ webApp: true, env: { PUBLIC_URL } });
let admin: TestAccount;
let tool: Tool;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  tool = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>()[0]!;
});

const page = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content of the page's `<meta property|name="key">`, each key said once. */
function metaOf(html: string, key: string): string | undefined {
  const tags = [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)].filter(
    ([, name]) => name === key,
  );
  expect(tags.length, key).toBeLessThanOrEqual(1);
  return tags[0] ? decode(tags[0][2]!) : undefined;
}

const sizeOf = async (bytes: Buffer) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];

type Data = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
const structuredData = (html: string): Data[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Data,
  );

const cardIds = (html: string) => [...html.matchAll(/<h3 id="tool-([^"]+)"/g)].map(([, id]) => id!);

const PUBLIC_PAGES = ['/', '/tools', 'a product page', '/blogs', '/portfolio', '/login', '/register'];
const urlOf = (name: string) => (name === 'a product page' ? `/tools/${tool._id}` : name);

describe('link previews', () => {
  it.each(PUBLIC_PAGES)('%s has its Open Graph tags and a large card', async (name) => {
    const html = await page(urlOf(name));

    const url = `${PUBLIC_URL}${urlOf(name)}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:title')).toMatch(/\w/);
    expect(metaOf(html, 'og:description')).toMatch(/\w/);
    expect(metaOf(html, 'og:type')).toBe(name === 'a product page' ? 'product' : 'website');
    expect(metaOf(html, 'og:site_name')).toBe('Toolshop');
    expect(metaOf(html, 'og:image')).toMatch(/^https:\/\/shop\.example\/\S+$/);
    expect(metaOf(html, 'og:image:alt')).toMatch(/\w/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // The picture is there to fetch, as a raster file of the size the tags say: previews show no SVG.
    const image = await t.app.inject({ url: metaOf(html, 'og:image')!.slice(PUBLIC_URL.length) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(metaOf(html, 'og:image:type'));
    expect(await sizeOf(image.rawPayload)).toEqual({
      format: 'png',
      width: Number(metaOf(html, 'og:image:width')),
      height: Number(metaOf(html, 'og:image:height')),
    });
  });

  it("shows a product's own picture, a 1200 × 630 PNG of its drawing, and its name", async () => {
    const html = await page(`/tools/${tool._id}`);

    expect(tool.img).toMatch(/^\/images\/tools\/[\w-]+\.svg$/);
    expect(metaOf(html, 'og:title')).toBe(tool.name);
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}${tool.img.replace(/\.svg$/, '.preview.png')}`);
    expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaOf(html, 'og:image:alt')).toBe(tool.name);
  });

  it('shows an uploaded picture as it is stored, a WebP, without a size it does not know', async () => {
    const uploaded = await createTool(t.db, { img: '/api/images/00000000-0000-4000-8000-000000000001.webp' });
    const html = await page(`/tools/${uploaded.id}`);

    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}${uploaded.img}`);
    expect(metaOf(html, 'og:image:width')).toBeUndefined();
  });
});

describe('structured data', () => {
  it('names the shop on the home page, and its search, which opens the catalogue', async () => {
    const blocks = structuredData(await page('/'));

    expect(blocks.map((block) => block['@type']).sort()).toEqual(['Organization', 'WebSite']);
    expect(blocks.find((block) => block['@type'] === 'Organization')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Toolshop',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/images/site/logo.svg`,
    });
    const site = blocks.find((block) => block['@type'] === 'WebSite')!;
    const action = site.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
    expect(action['query-input']).toBe('required name=search_term_string');
    const search = action.target.urlTemplate.replace('{search_term_string}', 'multimeter');
    expect(search).toBe(`${PUBLIC_URL}/tools?q=multimeter`);
    expect(cardIds(await page(search.slice(PUBLIC_URL.length))).length).toBeGreaterThan(0);
  });

  it('lists the tools of a catalogue page as it shows them, numbered across pages', async () => {
    for (const created of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
      await createTool(t.db, { onHand: created });
    for (const [url, first] of [
      ['/tools', 1],
      ['/tools?page=2', 13],
    ] as const) {
      const html = await page(url);
      const [list, ...others] = structuredData(html);

      expect(others).toEqual([]);
      expect(list).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList' });
      const items = list!.itemListElement as { position: number; url: string }[];
      expect(items.map((item) => item.url)).toEqual(cardIds(html).map((id) => `${PUBLIC_URL}/tools/${id}`));
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => first + index));
    }
  });

  it('gives a product its sku, brand and an offer with the minimum order, shipping and returns', async () => {
    const sold = await createTool(t.db, { priceCents: 2000, minimumOrder: 3, onHand: 30 });
    const product = async () => {
      const [block, ...others] = structuredData(await page(`/tools/${sold.id}`));
      expect(others).toEqual([]);
      return block as Data & {
        offers: { priceValidUntil: string; shippingDetails: { shippingRate: unknown } };
      };
    };

    const data = await product();
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: sold.name,
      sku: sold.id,
      brand: { '@type': 'Brand', name: 'Toolshop' },
      url: `${PUBLIC_URL}/tools/${sold.id}`,
      image: `${PUBLIC_URL}${sold.img.replace(/\.svg$/, '.preview.png')}`,
    });
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: '20.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 3, unitCode: 'C62' },
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 30,
      },
    });
    // A date a year or so ahead: the price holds until an admin changes it.
    const until = Date.parse(data.offers.priceValidUntil);
    expect(data.offers.priceValidUntil).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(until).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    // By default shipping is free; the admin sets a fee, free from $100: the minimum order ($60) pays it.
    expect(data.offers.shippingDetails.shippingRate).toEqual({
      '@type': 'MonetaryAmount',
      value: 0,
      currency: 'USD',
    });
    const settings = await injectAs(t.app, admin, {
      method: 'PUT',
      url: '/api/settings/shipping',
      headers: { origin: PUBLIC_URL },
      payload: { shippingFeeCents: 650, freeShippingFromCents: 10_000 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await product()).offers.shippingDetails.shippingRate).toEqual({
      '@type': 'MonetaryAmount',
      value: 6.5,
      currency: 'USD',
    });
  });
});
