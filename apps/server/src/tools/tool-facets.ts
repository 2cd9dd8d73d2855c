import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '@toolshop/shared/money';
import { PRICE_RANGES } from '@toolshop/shared/catalogue-filters';
import { toolFacetsQuerySchema, type ToolFacets, type ToolFacetsQuery } from '@toolshop/shared/tool-facets';
import type { Database } from '../db/client';
import { categories, tools } from '../db/schema';
import { prepareSearch, toolFilterWhere } from './tool-query';

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** A price range of the facets as a condition on the price, its top left out. */
const inPriceRange = ({ min, max }: (typeof PRICE_RANGES)[number]): SQL =>
  and(
    gte(tools.priceCents, dollarsToCents(min)),
    max === null ? undefined : lt(tools.priceCents, dollarsToCents(max)),
  )!;

/**
 * The catalogue's facet counts (decision 055): each facet counts with every filter but its own, so that a
 * buyer sees what choosing another category, price range or the stock filter would show from here. Two
 * queries: the categories (every one, with 0 where nothing matches) and one pass over the tools for the rest.
 */
export async function toolFacets(db: Database, query: ToolFacetsQuery): Promise<ToolFacets> {
  const { q, ...filters } = toolFacetsQuerySchema.parse(query);
  const search = await prepareSearch(db, q);
  const anyPrice = toolFilterWhere({ ...filters, search, minPrice: undefined, maxPrice: undefined });
  const [categoryRows, [counts]] = await Promise.all([
    db
      .select({
        _id: categories.id,
        slug: categories.slug,
        name: categories.name,
        count: sql<number>`count(${tools.id})::int`,
      })
      .from(categories)
      .leftJoin(
        tools,
        and(
          eq(tools.categoryId, categories.id),
          toolFilterWhere({ ...filters, search, category: undefined }),
        ),
      )
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({
        total: countWhere(toolFilterWhere({ ...filters, search })),
        inStock: countWhere(toolFilterWhere({ ...filters, search, inStock: true })),
        ...Object.fromEntries(
          PRICE_RANGES.map((range, i) => [`price${i}`, countWhere(and(anyPrice, inPriceRange(range))!)]),
        ),
      })
      .from(tools)
      // Every count is of the tools the search finds: only those are read.
      .where(toolFilterWhere({ search })),
  ]);
  const row = counts as Record<string, number>;
  return {
    total: row.total!,
    categories: categoryRows,
    prices: PRICE_RANGES.map((range, i) => ({ ...range, count: row[`price${i}`]! })),
    inStock: row.inStock!,
  };
}
