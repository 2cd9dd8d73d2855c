import { and, asc, desc, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '@toolshop/shared/money';
import type { ToolFilters } from '@toolshop/shared/tool-filters';
import type { ToolSort } from '@toolshop/shared/tool-sorts';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { categories, tools } from '../db/schema';
import { availableQuantity, inCatalogue } from './stock';

/**
 * A search as the catalogue's statements match it (decision 065): as typed, and as a full-text query
 * (tsquery text) of its words stemmed, as a person types them (quotes, or, -word), or with each word that
 * no name of the catalogue has replaced by the nearest that one has ("multimetre": "multimeter").
 */
export interface CatalogueSearch {
  typed: string;
  query: string;
}

/**
 * Works out a search's full-text query once, before the statements that use it, which get it as a value:
 * the planner then weighs the search index by the words it holds. As a subquery of each statement it
 * could not, and corrected the spelling once a statement.
 */
export async function prepareSearch(
  db: Database,
  q: string | undefined,
): Promise<CatalogueSearch | undefined> {
  if (!q) return undefined;
  const { rows } = (await db.execute(sql`select catalogue_search_query(${q})::text as query`)) as unknown as {
    rows: { query: string }[];
  };
  return { typed: q, query: rows[0]!.query };
}

/**
 * The tools a search finds: those whose words match it, its spelling corrected (English stems, so
 * "screwdrivers" finds "screwdriver"), or whose name holds it as typed (ignoring case; wildcards match
 * themselves: "mult" as a buyer types it). Each is answered by a GIN index of migration 0022.
 */
function searchMatches({ typed, query }: CatalogueSearch): SQL {
  return or(sql`${tools.searchVector} @@ ${query}::tsquery`, ilike(tools.name, containsPattern(typed)))!;
}

/** What GET /tools filters by, its search prepared. */
export type ToolWhere = Pick<ToolFilters, 'inStock' | 'category' | 'minPrice' | 'maxPrice'> & {
  search?: CatalogueSearch;
};

/** Tools of the category with this slug (none for an unknown slug). */
const inCategory = (slug: string): SQL =>
  sql`${tools.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;

/**
 * The catalogue's tools a `search` finds, and with `inStock` only those a customer can order now: at
 * least their minimum order available; of `category` (a slug) only, priced from `minPrice` to `maxPrice`
 * dollars, both included.
 */
export function toolFilterWhere({ search, inStock, category, minPrice, maxPrice }: ToolWhere): SQL {
  return and(
    inCatalogue,
    search ? searchMatches(search) : undefined,
    inStock ? gte(availableQuantity, tools.minimumOrder) : undefined,
    category === undefined ? undefined : inCategory(category),
    minPrice === undefined ? undefined : gte(tools.priceCents, dollarsToCents(minPrice)),
    maxPrice === undefined ? undefined : lte(tools.priceCents, dollarsToCents(maxPrice)),
  )!;
}

/**
 * The tool's rating from `tool_ratings` (decision 057): its average (null without visible reviews) and
 * count. Named with their tables, as a select list renders a column bare.
 */
export const ratingAverage = sql<
  string | null
>`(select "rating"."average" from "tool_ratings" as "rating" where "rating"."tool_id" = "tools"."id")`;
export const ratingCount = sql<number>`coalesce((select "rating"."review_count" from "tool_ratings" as "rating" where "rating"."tool_id" = "tools"."id"), 0)`;

/**
 * How well a tool answers a search: the full-text rank of the corrected search, where a word of the name
 * counts more than one of the description. A name found only as typed ("mult") ranks after them.
 */
const relevance = ({ query }: CatalogueSearch) => sql`ts_rank(${tools.searchVector}, ${query}::tsquery)`;

// Lower-cased so that 'multimeter' sorts beside 'Multimeter' on every collation.
const byName = sql`lower(${tools.name})`;

/**
 * The order of a sort choice; ties go by name, then id, so that pages never overlap or skip. Relevance
 * needs the search it is relevant to: without one, the catalogue's own order (newest first).
 */
export function toolSortBy(sort: ToolSort, search?: CatalogueSearch): SQL[] {
  const thenByName = [asc(byName), asc(tools.id)];
  switch (sort) {
    case 'relevance':
      return search ? [desc(relevance(search)), ...thenByName] : toolSortBy('date-desc');
    case 'date-asc':
      return [asc(tools.createdAt), asc(tools.id)];
    case 'name-asc':
      return thenByName;
    case 'name-desc':
      return [desc(byName), desc(tools.id)];
    case 'price-asc':
      return [asc(tools.priceCents), ...thenByName];
    case 'price-desc':
      return [desc(tools.priceCents), ...thenByName];
    case 'available-asc':
      return [asc(availableQuantity), ...thenByName];
    case 'available-desc':
      return [desc(availableQuantity), ...thenByName];
    case 'rating-desc':
      return [sql`${ratingAverage} desc nulls last`, desc(ratingCount), ...thenByName];
    case 'date-desc':
      return [desc(tools.createdAt), desc(tools.id)];
  }
}
