import { z } from 'zod';
import { toolListQuerySchema } from './tool-filters';

/** GET /tools/facets takes the filters of GET /tools (its sort and page change no count). */
export const toolFacetsQuerySchema = toolListQuerySchema.omit({ sort: true, page: true, limit: true });
export type ToolFacetsQuery = z.infer<typeof toolFacetsQuerySchema>;

/**
 * How many tools each choice of the catalogue's filters would show, the other filters kept (decision 055):
 * per category ignoring the category asked for, per price range ignoring the price asked for, in stock
 * ignoring the stock filter. `total`: what all the filters together show.
 */
export const toolFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(
    z.object({ _id: z.string(), slug: z.string(), name: z.string(), count: z.number().int() }),
  ),
  prices: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
  inStock: z.number().int(),
});
export type ToolFacets = z.infer<typeof toolFacetsSchema>;
