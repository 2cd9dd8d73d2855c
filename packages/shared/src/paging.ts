import { z } from 'zod';

/** The most items one page may ask for; a list asked for without parameters is bounded by it too. */
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * `?page=&limit=` of a paged list. Both are optional: a request that sends neither gets SPEC §7's plain
 * array (bounded by MAX_PAGE_LIMIT); sending either gets a {@link Page}.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list, and how many items the whole list holds. `page` counts from 1. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Whether the client asked for a page (then it gets a {@link Page}) or for SPEC §7's plain array. */
export const wantsPage = (query: PageQuery): boolean => query.page !== undefined || query.limit !== undefined;

/**
 * Whether a list call that grew search, sort and paging parameters (ARCHITECTURE §4) was given any: then it
 * answers a {@link Page}; without any, SPEC §7's plain array.
 */
export const asksForPage = (query: Record<string, unknown>): boolean =>
  Object.values(query).some((value) => value !== undefined);

/** `?q=` of a searchable list: trimmed; blank is no search at all. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(100, 'Search for at most 100 characters')
  .optional()
  .transform((q) => q || undefined);

/** A back-office list shows pages of this many rows (Manage All Orders, Manage All Products). */
export const LIST_PAGE_LIMIT = 25;

/**
 * A searchable list's query as sent: its own filters, then `q`, its sort, `page` and `limit` (the order its
 * URLs show them in).
 */
export const searchableListQuery = <F extends z.ZodRawShape, S extends z.ZodType<string>>(
  filters: F,
  sort: S,
) =>
  z.object({
    ...filters,
    q: searchQuerySchema,
    sort: sort.optional(),
    page: pageQuerySchema.shape.page,
    limit: pageQuerySchema.shape.limit,
  });

/** The same, defaults filled in: page 1 of {@link LIST_PAGE_LIMIT}. A URL carries only what was chosen. */
export const searchableListDefaults = {
  page: pageQuerySchema.shape.page.unwrap().default(1),
  limit: pageQuerySchema.shape.limit.unwrap().default(LIST_PAGE_LIMIT),
};

/** The page and size a query names, defaults filled in. */
export function resolvePage(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}
