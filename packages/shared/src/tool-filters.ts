import { z } from 'zod';
import { pageSchema, searchableListDefaults, searchableListQuery } from './paging';
import { toolSchema } from './tool';
import { TOOL_SORTS } from './tool-sorts';

export const toolSortSchema = z.enum(TOOL_SORTS);

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

/** A price bound in dollars, both ends included. */
const priceBoundSchema = z.coerce
  .number({ error: 'A price is a number of dollars' })
  .min(0, 'A price is 0 or more')
  .max(100_000, 'A price is at most 100000')
  .optional();

/** `?category=&minPrice=&maxPrice=` (decision 055): a category's slug, a price range in dollars. */
export const toolCatalogueFilters = {
  category: z
    .string()
    .max(60, 'Not a category')
    .regex(/^[a-z0-9-]+$/, 'Not a category')
    .optional(),
  minPrice: priceBoundSchema,
  maxPrice: priceBoundSchema,
};

/**
 * GET /tools?q=&sort=&inStock=&category=&minPrice=&maxPrice=&page=&limit= as sent. Without any of them the call answers SPEC §7's plain
 * array of the whole catalogue; with any, a page ({@link toolFiltersSchema} fills in the rest). `q`
 * finds tools by the words of their name or description (English stems: "screwdrivers" finds
 * "screwdriver"), by a name that holds it, or with a misspelt word read as the nearest word of a name in
 * the catalogue ("multimetre": "multimeter"); decisions 056, 065.
 */
export const toolListQuerySchema = searchableListQuery(
  { inStock: inStockSchema, ...toolCatalogueFilters },
  toolSortSchema,
);
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** The filters with their defaults: page 1 of 25, in `defaultToolSort`'s order unless sorted. */
export const toolFiltersSchema = toolListQuerySchema.extend(searchableListDefaults);
export type ToolFilters = z.infer<typeof toolFiltersSchema>;

export const toolPageSchema = pageSchema(toolSchema);
export type ToolPage = z.infer<typeof toolPageSchema>;
