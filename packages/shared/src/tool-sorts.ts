// Without zod: the storefront's catalogue filters read these on every page, the home page's included.

/**
 * By relevance to the search (a search's own order), date added (newest first: the catalogue's own order),
 * name, price, what customers may still order, or customers' rating (best first; unrated last). Relevance
 * without a search is the catalogue's own order.
 */
export const TOOL_SORTS = [
  'relevance',
  'date-desc',
  'date-asc',
  'name-asc',
  'name-desc',
  'price-asc',
  'price-desc',
  'available-asc',
  'available-desc',
  'rating-desc',
] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** The order of a list without a sort: a search's by relevance, the catalogue's newest first. */
export const defaultToolSort = (q: string | undefined): ToolSort => (q ? 'relevance' : 'date-desc');
