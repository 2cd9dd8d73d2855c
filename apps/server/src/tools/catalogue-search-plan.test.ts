import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultToolSort } from '@toolshop/shared/tool-sorts';
import { tools } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { prepareSearch, toolFilterWhere, toolSortBy } from './tool-query';

// A search reads the indexes of migration 0022, never the whole table (decisions 056, 065), and a page of
// a sorted list reads the sort's index of migration 0030 in order, proven by the plans PostgreSQL chooses
// on a catalogue of the size the bench measures. Both engines.
const t = useTestApp({ seed: false });

const CATALOGUE_SIZE = 20_000;
// Loaded in parts, as an import would: each statement, with the triggers that count the names' words
// (migration 0030), stays well inside the pool's statement timeout on a busy CI machine.
const LOAD_BATCH = 2_000;

beforeAll(async () => {
  for (let first = 1; first <= CATALOGUE_SIZE; first += LOAD_BATCH) await loadTools(first, LOAD_BATCH);
  // As autovacuum does after such a load: the planner's statistics, and the GIN indexes' pending entries
  // merged (until then each index scan also reads the unsorted list of new entries).
  await t.db.execute(sql`vacuum analyze tools`);
}, 120_000);

/** Tools numbered `first` onwards, `size` of them; one in a hundred deleted. */
async function loadTools(first: number, size: number) {
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
        -- One part in sixteen ESD-safe: a word in 6 % of the names, as a kind of tool is in the bench's
        -- catalogue (decision 065).
        else case when i % 16 = 1 then 'ESD-safe spare part ' else 'Spare part ' end || left(md5(i::text), 8)
      end,
      100 + i % 9000,
      '/images/tools/thermal-paste.svg',
      'A tool for repairs, number ' || i || ', with a ' ||
        (array['magnetic case', 'steel tip', 'rubber grip', 'spare fuse'])[1 + i % 4] || '.',
      1 + i % 10,
      i % 50,
      case when i % 100 = 0 then now() end
    from generate_series(${first}::int, ${first + size - 1}::int) as i`);
}

/** The plan PostgreSQL chooses for a statement, as text. */
async function planOf(statement: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  // node-postgres answers a result with rows, PGlite's driver the rows' result too: both have `rows`.
  const { rows } = (await t.db.execute(sql`explain ${statement.getSQL()}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('a search of 20,000 tools', () => {
  it.each([
    'multimetre',
    'multimetro',
    'screwdrivers',
    'soldring iron',
    'tweezer',
    'hex',
    'mult',
    'esd',
    'magnetic case',
  ])('"%s" reads the search indexes, not the whole table, for its page and its total', async (q) => {
    const search = await prepareSearch(t.db, q);
    const where = toolFilterWhere({ search });
    const page = t.db
      .select({ id: tools.id })
      .from(tools)
      .where(where)
      .orderBy(...toolSortBy(defaultToolSort(q), search))
      .limit(12);
    const total = t.db.select({ total: count() }).from(tools).where(where);

    for (const plan of [await planOf(page), await planOf(total)]) {
      expect(plan).not.toMatch(/Seq Scan on tools/);
      expect(plan).toMatch(/Bitmap Index Scan on tools_search_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on tools_name_trgm_idx/);
    }
  });
});

describe('a page of 20,000 tools, in stock, sorted', () => {
  it.each([
    ['price-asc', 'tools_price_order_idx'],
    ['price-desc', 'tools_price_order_idx'],
    ['name-asc', 'tools_name_order_idx'],
    ['name-desc', 'tools_name_order_idx'],
    ['date-desc', 'tools_created_order_idx'],
    ['date-asc', 'tools_created_order_idx'],
  ] as const)('%s reads %s in order rather than sorting the catalogue', async (sort, index) => {
    const page = t.db
      .select({ id: tools.id })
      .from(tools)
      .where(toolFilterWhere({ inStock: true }))
      .orderBy(...toolSortBy(sort))
      .limit(12)
      .offset(480);

    const plan = await planOf(page);
    expect(plan).not.toMatch(/Seq Scan on tools/);
    expect(plan).toMatch(new RegExp(`Index Scan( Backward)? using ${index}`));
  });
});
