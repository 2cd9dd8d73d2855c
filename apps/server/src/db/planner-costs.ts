import { sql } from 'drizzle-orm';
import { typedArray } from './arrays';
import type { Database } from './client';

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

/**
 * Sets each cost of PLANNER_COSTS that the database no longer has, at every start: a function's cost
 * lives in the database's catalog, and pg_dump copies it only for the database's own functions, not for
 * PostgreSQL's or an extension's. A database restored from a dump would plan searches as before the
 * migrations. Answers the functions left as they were because they belong to a role the shop's user is
 * not (a managed database's catalog): searches still work there, only slower.
 */
export async function restorePlannerCosts(db: Database): Promise<string[]> {
  const entries = Object.entries(PLANNER_COSTS);
  const { rows } = (await db.execute(sql`
    select "wanted"."name", "wanted"."cost", pg_has_role("proc"."proowner", 'USAGE') as "owned"
    from unnest(${typedArray(
      entries.map(([name]) => name),
      'text',
    )}, ${typedArray(
      entries.map(([, cost]) => cost),
      'real',
    )}) as "wanted"("name", "cost")
    join pg_proc as "proc" on "proc"."oid" = to_regprocedure("wanted"."name")
    where "proc"."procost" <> "wanted"."cost"
  `)) as unknown as { rows: { name: string; cost: number; owned: boolean }[] };
  const refused: string[] = [];
  for (const { name, cost, owned } of rows) {
    // Names and costs are this module's constants, never input: an identifier cannot be a parameter.
    if (owned) await db.execute(sql.raw(`ALTER FUNCTION ${name} COST ${Number(cost)}`));
    else refused.push(name);
  }
  return refused;
}
