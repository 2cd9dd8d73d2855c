import { describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { pageMetaTags } from './page-meta';
import { previewImageOf } from './preview-image';
import {
  itemListData,
  organizationData,
  priceValidUntilFrom,
  productData,
  webSiteData,
} from './structured-data';

const BASE = 'https://shop.example';

const tool: Tool = {
  _id: '6f1c0a52-8d7e-4c1b-9a43-2b9f0e6d7c11',
  name: 'Digital multimeter',
  price: 24.5,
  img: '/images/tools/digital-multimeter.svg',
  images: ['/images/tools/digital-multimeter.svg'],
  description: 'Measures volts, amps and ohms.',
  minimumOrder: 4,
  availableQuantity: 40,
  onHand: 40,
  reserved: 0,
  lowStockThreshold: null,
  categoryId: null,
  rating: { average: null, count: 0 },
};

const product = (overrides: Partial<Tool> = {}, freeShippingFromCents: number | null = null) =>
  productData({
    tool: { ...tool, ...overrides },
    base: BASE,
    image: previewImageOf({ ...tool, ...overrides }, BASE),
    shipping: { shippingFeeCents: 799, freeShippingFromCents },
    priceValidUntil: '2027-11-27',
  });

describe('a product for search engines', () => {
  it('names the tool, its sku and brand, and an offer from its minimum order on', () => {
    expect(product()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Digital multimeter',
      sku: tool._id,
      brand: { '@type': 'Brand', name: 'Toolshop' },
      image: `${BASE}/images/tools/digital-multimeter.preview.png`,
      url: `${BASE}/tools/${tool._id}`,
      offers: {
        '@type': 'Offer',
        price: '24.50',
        priceCurrency: 'USD',
        priceValidUntil: '2027-11-27',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 4, unitCode: 'C62' },
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'US',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 30,
        },
      },
    });
  });

  it('names all its photos as raster files, the main one as its link preview first', () => {
    const images = [
      '/images/tools/digital-multimeter.svg',
      '/images/tools/digital-multimeter-leads.svg',
      '/api/images/00000000-0000-4000-8000-000000000001.webp',
    ];
    expect(product({ images }).image).toEqual([
      `${BASE}/images/tools/digital-multimeter.preview.png`,
      `${BASE}/images/tools/digital-multimeter-leads.webp`,
      `${BASE}/api/images/00000000-0000-4000-8000-000000000001.webp`,
    ]);
  });

  it('is out of stock when not even its minimum order is left', () => {
    expect(product({ availableQuantity: 3 }).offers.availability).toBe('https://schema.org/OutOfStock');
    expect(product({ availableQuantity: 4 }).offers.availability).toBe('https://schema.org/InStock');
  });

  it('ships its minimum order for the fee, or free once that order reaches the free-shipping threshold', () => {
    const rate = (freeFrom: number | null) => product({}, freeFrom).offers.shippingDetails.shippingRate.value;
    // The minimum order: 4 × $24.50 = $98.00.
    expect(rate(null)).toBe(7.99);
    expect(rate(9801)).toBe(7.99);
    expect(rate(9800)).toBe(0);
    expect(product().offers.shippingDetails).toMatchObject({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', currency: 'USD' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
    });
  });

  it('promises its price for a year, as a date', () => {
    expect(priceValidUntilFrom(new Date('2026-11-27T23:59:00Z'))).toBe('2027-11-27');
    expect(priceValidUntilFrom(new Date('2028-02-29T08:00:00Z'))).toBe('2029-03-01');
  });
});

describe('the shop and its catalogue for search engines', () => {
  it('names the shop as an organization and its site with a search that opens the catalogue', () => {
    expect(organizationData(BASE)).toMatchObject({
      '@type': 'Organization',
      name: 'Toolshop',
      url: `${BASE}/`,
      logo: `${BASE}/images/site/logo.svg`,
    });
    const site = webSiteData(BASE);
    expect(site).toMatchObject({ '@type': 'WebSite', url: `${BASE}/` });
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${BASE}/tools?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  it("lists a catalogue page's tools at their positions in the whole list", () => {
    const list = itemListData(BASE, [tool, { _id: 'second', name: 'Spudger' }], 13);

    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 13, url: `${BASE}/tools/${tool._id}`, name: tool.name },
      { '@type': 'ListItem', position: 14, url: `${BASE}/tools/second`, name: 'Spudger' },
    ]);
  });
});

describe('link previews', () => {
  const args = (pathname: string, layouts: string[] = []) => ({
    location: { pathname },
    matches: [{ id: 'root', data: { publicUrl: BASE } }, ...layouts.map((id) => ({ id }))],
  });
  // Each tag as the attributes it renders.
  const tagsOf = (...tags: Parameters<typeof pageMetaTags>) =>
    pageMetaTags(...tags) as Record<string, unknown>[];
  const content = (tags: Record<string, unknown>[], key: string) =>
    tags.find((tag) => tag.property === key || tag.name === key)?.content;

  it("give a public page its title, address and the shop's picture, or the page's own", () => {
    const tags = tagsOf(args('/blogs'), { title: 'Blogs', description: 'Answers.' });

    expect(content(tags, 'og:title')).toBe('Blogs');
    expect(content(tags, 'og:description')).toBe('Answers.');
    expect(content(tags, 'og:type')).toBe('website');
    expect(content(tags, 'og:url')).toBe(`${BASE}/blogs`);
    expect(content(tags, 'og:site_name')).toBe('Toolshop');
    // A raster copy the build makes of the banner: previews show no SVG (decision 063).
    expect(content(tags, 'og:image')).toBe(`${BASE}/images/site/hero-banner.preview.png`);
    expect(content(tags, 'og:image:width')).toBe('1200');
    expect(content(tags, 'og:image:height')).toBe('630');
    expect(content(tags, 'og:image:alt')).toMatch(/\w+/);
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');

    const own = tagsOf(args(`/tools/${tool._id}`), {
      title: tool.name,
      image: previewImageOf(tool, BASE),
      type: 'product',
    });
    expect(content(own, 'og:image')).toBe(`${BASE}/images/tools/digital-multimeter.preview.png`);
    expect(content(own, 'og:image:alt')).toBe(tool.name);
    expect(content(own, 'og:type')).toBe('product');
  });

  it('give a screen behind sign-in none, nor a canonical address', () => {
    const tags = tagsOf(args('/dashboard/myOrders', ['routes/require-auth']), { title: 'My Orders' });

    expect(tags.some((tag) => 'property' in tag || tag.name === 'twitter:card')).toBe(false);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags.some((tag) => tag.rel === 'canonical')).toBe(false);
  });
});
