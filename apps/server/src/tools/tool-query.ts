import { and, asc, desc, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '@toolshop/shared/money';
import type { ToolFilters } from '@toolshop/shared/tool-filters';
import type { ToolSort } from '@toolshop/shared/tool-sorts';
import { containsPattern } from '../db/like';
import { categories, tools } from '../db/schema';
import { availableQuantity, inCatalogue } from './stock';

/** The search as a full-text query: its words stemmed, as a person types them (quotes, or, -word). */
const searchQuery = (q: string) => sql`websearch_to_tsquery('english'::regconfig, ${q})`;

/**
 * The tools a search finds (decision 056): those whose words match it (English stems, so "screwdrivers"
 * finds "screwdriver"), whose name holds it (ignoring case; wildcards match themselves), or whose name
 * holds a word near it in spelling (pg_trgm's `<%`: "multimetre", "soldring"). Each of the three is
 * answered by a GIN index of migration 0022.
 */
function searchMatches(q: string): SQL {
  return or(
    sql`${tools.searchVector} @@ ${searchQuery(q)}`,
    ilike(tools.name, containsPattern(q)),
    sql`${q} <% ${tools.name}`,
  )!;
}

/** What GET /tools filters by. */
export type ToolWhere = Pick<ToolFilters, 'q' | 'inStock' | 'category' | 'minPrice' | 'maxPrice'>;

/** Tools of the category with this slug (none for an unknown slug). */
const inCategory = (slug: string): SQL =>
  sql`${tools.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;

/**
 * The catalogue's tools a search `q` finds, and with `inStock` only those a customer can order now: at
 * least their minimum order available; of `category` (a slug) only, priced from `minPrice` to `maxPrice`
 * dollars, both included.
 */
export function toolFilterWhere({ q, inStock, category, minPrice, maxPrice }: ToolWhere): SQL {
  return and(
    inCatalogue,
    q ? searchMatches(q) : undefined,
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
 * How well a tool answers a search: the full-text rank (a word of the name counts more than one of the
 * description) plus how near the closest word of its name is in spelling, so that a typo still ranks the
 * tool a person meant first.
 */
const relevance = (q: string) =>
  sql`ts_rank(${tools.searchVector}, ${searchQuery(q)}) + word_similarity(${q}, ${tools.name})`;

// Lower-cased so that 'multimeter' sorts beside 'Multimeter' on every collation.
const byName = sql`lower(${tools.name})`;

/**
 * The order of a sort choice; ties go by name, then id, so that pages never overlap or skip. Relevance
 * needs the search it is relevant to: without one, the catalogue's own order (newest first).
 */
export function toolSortBy(sort: ToolSort, q?: string): SQL[] {
  const thenByName = [asc(byName), asc(tools.id)];
  switch (sort) {
    case 'relevance':
      return q ? [desc(relevance(q)), ...thenByName] : toolSortBy('date-desc');
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
