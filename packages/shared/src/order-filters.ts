import { z } from 'zod';
import { orderStatusSchema } from './order';
import { searchableListDefaults, searchableListQuery } from './paging';

export const ORDER_SORTS = ['date-desc', 'date-asc', 'total-desc', 'total-asc'] as const;
export const orderSortSchema = z.enum(ORDER_SORTS);
export type OrderSort = z.infer<typeof orderSortSchema>;

/**
 * GET /order?status=&q=&sort=&page=&limit= as sent. Without any of them the call answers SPEC §7's plain
 * array; with any, a page ({@link orderFiltersSchema} fills in the rest). `q` matches the customer's name or
 * e-mail or the tool's name, ignoring case. Without `status`, cancelled orders are left out, as in SPEC's list.
 */
export const orderListQuerySchema = searchableListQuery(
  { status: orderStatusSchema.optional() },
  orderSortSchema,
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** The filters with their defaults: newest first, page 1 of 25. */
export const orderFiltersSchema = orderListQuerySchema.extend({
  sort: orderSortSchema.default('date-desc'),
  ...searchableListDefaults,
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;
export type OrderFiltersInput = z.input<typeof orderFiltersSchema>;

/** GET /order/export.csv: every order the filters select, in their sort, not one page. */
export const orderExportQuerySchema = orderFiltersSchema.pick({ status: true, q: true, sort: true });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
