import { MAX_RATING, MIN_RATING } from '@toolshop/shared/constants';
import { centsToDollars, dollarsToCents } from '@toolshop/shared/money';
import { paths } from '@toolshop/shared/paths';
import { absoluteImageUrl, rasterImageOf } from '@toolshop/shared/raster-images';
import type { ProductReviewPage } from '@toolshop/shared/product-review';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { stockStateOf } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { RETURN_WINDOW_DAYS, SHIPS_TO_COUNTRY } from '../../content/shop-policies';
import { DEFAULT_DESCRIPTION, SITE_NAME } from './page-meta';
import type { PreviewImage } from './preview-image';

/*
 * schema.org's structured data of the public pages, for search engines' rich results (decision 059). Each
 * builder takes the shop's public address (`base`) and gives the object a page's JSON-LD block holds.
 */

const SCHEMA = 'https://schema.org';
const CURRENCY = 'USD';
/** UN/CEFACT's code for a count of units ("one"), the unit a minimum order is counted in. */
const UNITS = 'C62';

/** The shop as an organization: the home page's, named by the products' brand and seller. */
export function organizationData(base: string) {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: SITE_NAME,
    url: `${base}/`,
    logo: `${base}/images/site/logo.svg`,
    description: DEFAULT_DESCRIPTION,
  };
}

/** The site, searchable: a search engine may send a query straight to the catalogue's search. */
export function webSiteData(base: string) {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${base}/`,
    publisher: { '@id': `${base}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${base}${paths.tools}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A list of the catalogue's tools as one of its pages shows them, `first` being the first one's position. */
export function itemListData(base: string, tools: Pick<Tool, '_id' | 'name'>[], first: number) {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: tools.map((tool, index) => ({
      '@type': 'ListItem',
      position: first + index,
      url: `${base}${paths.tool(tool._id)}`,
      name: tool.name,
    })),
  };
}

/**
 * What shipping an order of `units` of the tool alone costs: the flat fee, unless its subtotal reaches the
 * free-shipping threshold. The database's `order_amounts` (migration 0017) charges it; this states it.
 */
function shippingCentsOf(tool: Pick<Tool, 'price'>, units: number, shipping: ShippingSettings): number {
  const subtotalCents = dollarsToCents(tool.price) * units;
  const free = shipping.freeShippingFromCents !== null && subtotalCents >= shipping.freeShippingFromCents;
  return free ? 0 : shipping.shippingFeeCents;
}

export interface ProductFacts {
  tool: Tool;
  base: string;
  image: PreviewImage;
  shipping: ShippingSettings;
  /** The last day (YYYY-MM-DD) the offer's price is promised for. */
  priceValidUntil: string;
}

/**
 * A product with its live offer: price, availability, the minimum order it sells from, the shipping of
 * that minimum order and the shop's return policy (Google's merchant listings).
 */
export function productData({ tool, base, image, shipping, priceValidUntil }: ProductFacts) {
  const url = `${base}${paths.tool(tool._id)}`;
  // The main photo as its preview, then the others as raster files (decision 058).
  const photos = [
    image.url,
    ...tool.images.slice(1).map((photo) => absoluteImageUrl(rasterImageOf(photo), base)),
  ];
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: tool.name,
    description: tool.description,
    image: photos.length === 1 ? photos[0] : photos,
    url,
    sku: tool._id,
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      url,
      price: tool.price.toFixed(2),
      priceCurrency: CURRENCY,
      priceValidUntil,
      availability: stockStateOf(tool) === 'sold-out' ? `${SCHEMA}/OutOfStock` : `${SCHEMA}/InStock`,
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minimumOrder, unitCode: UNITS },
      seller: { '@type': 'Organization', '@id': `${base}/#organization`, name: SITE_NAME },
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: {
          '@type': 'MonetaryAmount',
          value: centsToDollars(shippingCentsOf(tool, tool.minimumOrder, shipping)),
          currency: CURRENCY,
        },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: SHIPS_TO_COUNTRY },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: SHIPS_TO_COUNTRY,
        returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
        merchantReturnDays: RETURN_WINDOW_DAYS,
      },
    },
  };
}

/** The price's promise: a year from `today`, as a date (the price holds until an admin changes it). */
export function priceValidUntilFrom(today: Date): string {
  const until = new Date(today);
  until.setUTCFullYear(until.getUTCFullYear() + 1);
  return until.toISOString().slice(0, 10);
}

/** schema.org's rating of a product and its reviews on this page, when it has any. */
export function ratingData(reviews: ProductReviewPage) {
  const { average, count } = reviews.rating;
  if (average === null || count === 0) return {};
  const scale = { bestRating: MAX_RATING, worstRating: MIN_RATING };
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, ...scale },
    review: reviews.items.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name },
      datePublished: review.updatedAt.slice(0, 10),
      reviewBody: review.body,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
    })),
  };
}
