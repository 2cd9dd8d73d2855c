import { z } from 'zod';
import { pageSchema, searchableListDefaults, searchableListQuery } from './paging';
import { toolSchema } from './tool';

/**
 * By date added (newest first: the catalogue's own order), name, price, what customers may still order, or
 * customers' rating (best first; unrated last).
 */
export const TOOL_SORTS = [
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
export const toolSortSchema = z.enum(TOOL_SORTS);
export type ToolSort = z.infer<typeof toolSortSchema>;

/** `?inStock=true` (or 1): only what a customer can order now, at least the minimum order. */
// Also takes the boolean it becomes: the service parses a query the route has parsed already.
const inStockSchema = z
  .union(
    [
      z.boolean(),
      z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
    ],
    { error: 'inStock is true or false' },
  )
  .optional();

/**
 * GET /tools?q=&sort=&inStock=&page=&limit= as sent. Without any of them the call answers SPEC §7's plain
 * array of the whole catalogue; with any, a page ({@link toolFiltersSchema} fills in the rest). `q`
 * matches the tool's name or description, ignoring case.
 */
export const toolListQuerySchema = searchableListQuery({ inStock: inStockSchema }, toolSortSchema);
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** The filters with their defaults: newest first, page 1 of 25. */
export const toolFiltersSchema = toolListQuerySchema.extend({
  sort: toolSortSchema.default('date-desc'),
  ...searchableListDefaults,
});
export type ToolFilters = z.infer<typeof toolFiltersSchema>;

export const toolPageSchema = pageSchema(toolSchema);
export type ToolPage = z.infer<typeof toolPageSchema>;
