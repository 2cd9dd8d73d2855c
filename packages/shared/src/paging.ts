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

/** The page and size a query names, defaults filled in. */
export function resolvePage(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}
