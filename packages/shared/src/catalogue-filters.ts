import { defaultToolSort, type ToolSort } from './tool-filters';

/** The sorts the storefront offers, in the order of its menu, with their labels (Best match with a search). */
export const CATALOGUE_SORTS = {
  relevance: 'Best match',
  'date-desc': 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'name-asc': 'Name',
} as const satisfies Partial<Record<ToolSort, string>>;
export type CatalogueSort = keyof typeof CATALOGUE_SORTS;

/** Cards per page: four rows of three on a wide screen. */
export const CATALOGUE_PAGE_SIZE = 12;

/** Tools the navbar's search suggests as the buyer types. */
export const SUGGESTION_COUNT = 5;

export interface CatalogueFilters {
  q: string;
  sort: CatalogueSort;
  inStock: boolean;
  page: number;
}

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
  };
}

/** The /tools address of these filters, leaving defaults out so every result has one short URL. */
export function catalogueSearch(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.sort !== defaultToolSort(filters.q)) params.set('sort', filters.sort);
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The API call for one page of these filters (GET /api/tools answers a page when given any parameter). */
export function catalogueApiPath(filters: CatalogueFilters): string {
  const params = new URLSearchParams({
    sort: filters.sort,
    page: String(filters.page),
    limit: String(CATALOGUE_PAGE_SIZE),
  });
  if (filters.q) params.set('q', filters.q);
  if (filters.inStock) params.set('inStock', 'true');
  return `/api/tools?${params}`;
}
