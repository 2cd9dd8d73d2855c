/**
 * A product page's reviews as the page itself needs them, without zod (decision 073): the sorts and the
 * size of a page of reviews, the sort and page its address asks for, and the longest review a customer
 * may write. product-review.ts builds the API's schemas from these.
 */

/** Newest first (the default) or the most helpful first. */
export const PRODUCT_REVIEW_SORTS = { newest: 'Newest', helpful: 'Most helpful' } as const;
export type ProductReviewSort = keyof typeof PRODUCT_REVIEW_SORTS;

/** Reviews per page on a product page. */
export const PRODUCT_REVIEW_PAGE_SIZE = 5;

/** The longest review a customer may write, in characters. */
export const PRODUCT_REVIEW_BODY_MAX = 2000;

/** The sort and page a product page's address asks for (`?reviews=helpful&reviewsPage=2`), defaults filled in. */
export interface ProductReviewFilters {
  sort: ProductReviewSort;
  page: number;
}

export function productReviewFiltersOf(params: URLSearchParams): ProductReviewFilters {
  const sort = params.get('reviews');
  const page = Number.parseInt(params.get('reviewsPage') ?? '', 10);
  return {
    sort: sort !== null && Object.hasOwn(PRODUCT_REVIEW_SORTS, sort) ? (sort as ProductReviewSort) : 'newest',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The product page's query string for these filters, defaults left out (one address per view). */
export function productReviewSearch({ sort, page }: ProductReviewFilters): string {
  const params = new URLSearchParams();
  if (sort !== 'newest') params.set('reviews', sort);
  if (page > 1) params.set('reviewsPage', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
