import { z } from 'zod';
import { pageSchema, searchableListDefaults, searchableListQuery } from './paging';
import { toolSchema } from './tool';

/** By date added (newest first: the catalogue's own order), name, price or what customers may still order. */
export const TOOL_SORTS = [
  'date-desc',
  'date-asc',
  'name-asc',
  'name-desc',
  'price-asc',
  'price-desc',
  'available-asc',
  'available-desc',
] as const;
export const toolSortSchema = z.enum(TOOL_SORTS);
export type ToolSort = z.infer<typeof toolSortSchema>;

/**
 * GET /tools?q=&sort=&page=&limit= as sent. Without any of them the call answers SPEC §7's plain array of
 * the whole catalogue; with any, a page ({@link toolFiltersSchema} fills in the rest). `q` matches the
 * tool's name, ignoring case.
 */
export const toolListQuerySchema = searchableListQuery({}, toolSortSchema);
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** The filters with their defaults: newest first, page 1 of 25. */
export const toolFiltersSchema = toolListQuerySchema.extend({
  sort: toolSortSchema.default('date-desc'),
  ...searchableListDefaults,
});
export type ToolFilters = z.infer<typeof toolFiltersSchema>;

export const toolPageSchema = pageSchema(toolSchema);
export type ToolPage = z.infer<typeof toolPageSchema>;
