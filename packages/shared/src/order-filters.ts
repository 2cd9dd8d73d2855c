import { z } from 'zod';
import { orderStatusSchema } from './order';
import { MAX_PAGE_LIMIT } from './paging';

/** Manage All Orders shows pages of this many orders. */
export const ORDER_FILTER_PAGE_LIMIT = 25;

export const ORDER_SORTS = ['date-desc', 'date-asc', 'total-desc', 'total-asc'] as const;
export const orderSortSchema = z.enum(ORDER_SORTS);
export type OrderSort = z.infer<typeof orderSortSchema>;

/**
 * GET /order?status=&q=&sort=&page=&limit= and GET /order/export.csv (same filters; the export ignores
 * page and limit). `q` matches the customer's name or e-mail or the tool's name, ignoring case.
 * Everything but the filters has a default, so a URL carries only what the admin chose.
 */
export const orderFiltersSchema = z.object({
  status: orderStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Search for at most 100 characters')
    .optional()
    .transform((q) => q || undefined),
  sort: orderSortSchema.default('date-desc'),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(ORDER_FILTER_PAGE_LIMIT),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;
export type OrderFiltersInput = z.input<typeof orderFiltersSchema>;
