import { sql } from 'drizzle-orm';
import { typedArray } from './arrays';
import type { Database } from './client';
import { sqlStateOf } from './errors';

/**
 * What matching a row costs, priced for the planner (decision 065; migration 0030 set these costs first).
 * PostgreSQL declares a name's ILIKE and a vector's `@@` as cheap as adding two integers; so priced, the
 * planner reads all 20,000 tools of the bench's catalogue for a search that 6 % of them match (20–40 ms)
 * rather than the two search indexes (5–9 ms).
 */
export const PLANNER_COSTS: Readonly<Record<string, number>> = {
  'pg_catalog.texticlike(text, text)': 50,
  'pg_catalog.ts_match_vq(tsvector, tsquery)': 5,
};

/** The statement that gives `fn`, a key of PLANNER_COSTS, its cost. */
const plannerCostStatement = (fn: string): string => `ALTER FUNCTION ${fn} COST ${PLANNER_COSTS[fn]}`;

/** What the server logs when `unchanged` (restorePlannerCosts' answer) is not empty: what to do. */
export const plannerCostsWarning = (unchanged: string[]): string =>
  'Searches may read the whole catalogue: only a superuser may price their functions for the planner. ' +
  `Run as one in the shop's database, again after each restore: ${unchanged.map((fn) => `${plannerCostStatement(fn)};`).join(' ')} (decision 065)`;

// insufficient_privilege, read_only_sql_transaction: the database keeps the cost, and the shop starts.
const REFUSALS = new Set(['42501', '25006']);

/**
 * Sets each cost of PLANNER_COSTS that the database no longer has, at every start: a function's cost
 * lives in the database's catalog, and pg_dump copies it only for the database's own functions, not for
 * PostgreSQL's. A database restored from a dump would plan searches as before migration 0030.
 *
 * Only the functions' owner, in PostgreSQL the superuser, may change their cost. Answers the functions
 * left as they are because the shop's user is not that owner or the database refused the change:
 * searches still work there, only slower.
 */
export async function restorePlannerCosts(db: Database): Promise<string[]> {
  const functions = Object.keys(PLANNER_COSTS);
  const { rows } = (await db.execute(sql`
    select "wanted"."fn", pg_has_role("proc"."proowner", 'USAGE') as "owned"
    from unnest(
      ${typedArray(functions, 'text')},
      ${typedArray(Object.values(PLANNER_COSTS), 'real')}
    ) as "wanted"("fn", "cost")
    join pg_proc as "proc" on "proc"."oid" = to_regprocedure("wanted"."fn")
    where "proc"."procost" <> "wanted"."cost"
  `)) as unknown as { rows: { fn: string; owned: boolean }[] };
  const unchanged: string[] = [];
  for (const { fn, owned } of rows) {
    if (!owned) {
      unchanged.push(fn);
      continue;
    }
    try {
      await db.execute(sql.raw(plannerCostStatement(fn)));
    } catch (error) {
      if (!REFUSALS.has(sqlStateOf(error) ?? '')) throw error;
      unchanged.push(fn);
    }
  }
  return unchanged;
}
