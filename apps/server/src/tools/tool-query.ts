import { and, asc, desc, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '@toolshop/shared/money';
import type { ToolFilters } from '@toolshop/shared/tool-filters';
import { containsPattern } from '../db/like';
import { categories, tools } from '../db/schema';
import { availableQuantity, inCatalogue } from './stock';

/** What GET /tools filters by. */
export type ToolWhere = Pick<ToolFilters, 'q' | 'inStock' | 'category' | 'minPrice' | 'maxPrice'>;

/** Tools of the category with this slug (none for an unknown slug). */
const inCategory = (slug: string): SQL =>
  sql`${tools.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;

/**
 * The catalogue's tools whose name or description holds `q` (ignoring case; wildcards match themselves),
 * and with `inStock` only those a customer can order now: at least their minimum order available; of
 * `category` (a slug) only, priced from `minPrice` to `maxPrice` dollars, both included.
 */
export function toolFilterWhere({ q, inStock, category, minPrice, maxPrice }: ToolWhere): SQL {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    inCatalogue,
    pattern ? or(ilike(tools.name, pattern), ilike(tools.description, pattern)) : undefined,
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

// Lower-cased so that 'multimeter' sorts beside 'Multimeter' on every collation.
const byName = sql`lower(${tools.name})`;

/** The order of a sort choice; ties go by name, then id, so that pages never overlap or skip. */
export function toolSortBy(sort: ToolFilters['sort']): SQL[] {
  const thenByName = [asc(byName), asc(tools.id)];
  switch (sort) {
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
