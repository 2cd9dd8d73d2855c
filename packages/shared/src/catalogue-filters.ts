import { paths } from './paths';
import { defaultToolSort, type ToolSort } from './tool-sorts';

/** The sorts the storefront offers, in the order of its menu, with their labels (Best match with a search). */
export const CATALOGUE_SORTS = {
  relevance: 'Best match',
  'date-desc': 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'name-asc': 'Name',
  'rating-desc': 'Top rated',
} as const satisfies Partial<Record<ToolSort, string>>;
export type CatalogueSort = keyof typeof CATALOGUE_SORTS;

/**
 * The catalogue's price ranges, in dollars: each from `min` (included) up to `max` (left out; null: no
 * top). The facets count the tools in each; the storefront offers them as its price filter.
 */
export const PRICE_RANGES = [
  { min: 0, max: 10 },
  { min: 10, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: null },
] as const satisfies ReadonlyArray<{ min: number; max: number | null }>;

/** Cards per page: four rows of three on a wide screen. */
export const CATALOGUE_PAGE_SIZE = 12;

/** Tools the navbar's search suggests as the buyer types. */
export const SUGGESTION_COUNT = 5;

export interface CatalogueFilters {
  q: string;
  sort: CatalogueSort;
  inStock: boolean;
  page: number;
  /** A price range's key (priceRangeKey), '' for any price. */
  price: string;
  /** The slug of the category page shown; not in the query string: it is the page's path (decision 055). */
  category?: string;
}

type PriceRange = (typeof PRICE_RANGES)[number];

/** How a price range is spelled in the address: `10-25`, or `100-` for no top. */
export const priceRangeKey = ({ min, max }: { min: number; max: number | null }) => `${min}-${max ?? ''}`;

const rangeOf = (key: string): PriceRange | undefined =>
  PRICE_RANGES.find((range) => priceRangeKey(range) === key);

// Own keys only: `in` would also take `constructor` or `toString` for a sort.
const isSort = (value: string | null): value is CatalogueSort =>
  value !== null && Object.hasOwn(CATALOGUE_SORTS, value);

/**
 * The filters of a /tools address. Whatever a shared or hand-typed link holds, the page shows something:
 * an unknown sort or page falls back to the default rather than failing.
 */
export function catalogueFiltersOf(params: URLSearchParams): CatalogueFilters {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  return {
    q,
    sort: isSort(sort) ? sort : (defaultToolSort(q) as CatalogueSort),
    inStock: params.get('inStock') === 'true',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    price: rangeOf(params.get('price') ?? '') ? params.get('price')! : '',
  };
}

/** The /tools address of these filters, leaving defaults out so every result has one short URL. */
export function catalogueSearch(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.sort !== defaultToolSort(filters.q)) params.set('sort', filters.sort);
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.price) params.set('price', filters.price);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The page of these filters: the category's page when one is chosen, else /tools. */
export function catalogueAddress(filters: CatalogueFilters): string {
  return `${filters.category ? paths.category(filters.category) : paths.tools}${catalogueSearch(filters)}`;
}

/** The API's filters of these (a range's top left out, so the API's inclusive maxPrice stops a cent below). */
function apiFilters(filters: CatalogueFilters, params: URLSearchParams): URLSearchParams {
  if (filters.q) params.set('q', filters.q);
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.category) params.set('category', filters.category);
  const range = rangeOf(filters.price);
  if (range) {
    params.set('minPrice', String(range.min));
    if (range.max !== null) params.set('maxPrice', (range.max - 0.01).toFixed(2));
  }
  return params;
}

/** The API call for the facet counts of these filters (GET /api/tools/facets). */
export function catalogueFacetsPath(filters: CatalogueFilters): string {
  const search = apiFilters(filters, new URLSearchParams()).toString();
  return `/api/tools/facets${search ? `?${search}` : ''}`;
}

/** The API call for one page of these filters (GET /api/tools answers a page when given any parameter). */
export function catalogueApiPath(filters: CatalogueFilters): string {
  const params = new URLSearchParams({
    sort: filters.sort,
    page: String(filters.page),
    limit: String(CATALOGUE_PAGE_SIZE),
  });
  return `/api/tools?${apiFilters(filters, params)}`;
}
