import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultToolSort } from '@toolshop/shared/tool-sorts';
import { tools } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { toolFilterWhere, toolSortBy } from './tool-query';

// A search reads the indexes of migration 0022, never the whole table (decision 056), proven by the
// plans PostgreSQL chooses on a catalogue of the size the bench measures. Both engines.
const t = useTestApp({ seed: false });

const CATALOGUE_SIZE = 20_000;

beforeAll(async () => {
  await t.db.execute(sql`
    insert into tools (name, price_cents, img, description, minimum_order, on_hand, deleted_at)
    select
      -- One in ten a tool of a kind a buyer searches for; the rest spare parts of many models, as a large
      -- catalogue holds a few hundred of each kind, not thousands.
      case when i % 10 = 0
        then (array['Digital', 'Compact', 'Precision', 'Pro', 'Heavy-duty'])[1 + i % 7 % 5] || ' ' ||
          (array['multimeter', 'soldering iron', 'tweezers', 'screwdriver set', 'spudger', 'heat gun',
                 'wire stripper', 'flush cutter', 'hex key set', 'crimping tool', 'flashlight'])[1 + i / 10 % 11] ||
          ' ' || i
        else 'Spare part ' || left(md5(i::text), 8)
      end,
      100 + i % 9000,
      '/images/tools/thermal-paste.svg',
      'A tool for repairs, number ' || i || ', with a ' ||
        (array['magnetic case', 'steel tip', 'rubber grip', 'spare fuse'])[1 + i % 4] || '.',
      1 + i % 10,
      i % 50,
      case when i % 100 = 0 then now() end
    from generate_series(1, ${CATALOGUE_SIZE}) as i`);
  // As autovacuum does after such a load: the planner's statistics, and the GIN indexes' pending entries
  // merged (until then each index scan also reads the unsorted list of new entries).
  await t.db.execute(sql`vacuum analyze tools`);
}, 120_000);

/** The plan PostgreSQL chooses for a statement, as text. */
async function planOf(statement: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  // node-postgres answers a result with rows, PGlite's driver the rows' result too: both have `rows`.
  const { rows } = (await t.db.execute(sql`explain ${statement.getSQL()}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('a search of 20,000 tools', () => {
  it.each(['multimetre', 'screwdrivers', 'soldring iron', 'tweezer', 'hex'])(
    '"%s" reads the search indexes, not the whole table, for its page and its total',
    async (q) => {
      const where = toolFilterWhere({ q, inStock: undefined });
      const page = t.db
        .select({ id: tools.id })
        .from(tools)
        .where(where)
        .orderBy(...toolSortBy(defaultToolSort(q), q))
        .limit(12);
      const total = t.db.select({ total: count() }).from(tools).where(where);

      for (const plan of [await planOf(page), await planOf(total)]) {
        expect(plan).not.toMatch(/Seq Scan on tools/);
        expect(plan).toMatch(/Bitmap Index Scan on tools_search_idx/);
        expect(plan).toMatch(/Bitmap Index Scan on tools_name_trgm_idx/);
      }
    },
  );
});
