import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, withAdminClient } from '../test/test-database';
import { typedArray } from './arrays';
import { openDatabase, type DatabaseHandle } from './client';
import { PLANNER_COSTS, plannerCostsWarning, restorePlannerCosts } from './planner-costs';
import { prepareDatabase } from './prepare';

// PostgreSQL only (file name): pg_dump copies no cost of PostgreSQL's or an extension's functions, while
// PGlite's dumps are its whole data folder, catalog included.
const FUNCTIONS = Object.keys(PLANNER_COSTS);
let database: Awaited<ReturnType<typeof createTestDatabase>>;

const costs = async (db: DatabaseHandle['db']) => {
  const { rows } = (await db.execute(sql`
    select "name", "proc"."procost" as "cost"
    from unnest(${typedArray(FUNCTIONS, 'text')}) as "name"
    join pg_proc as "proc" on "proc"."oid" = to_regprocedure("name")
  `)) as unknown as { rows: { name: string; cost: number }[] };
  return Object.fromEntries(rows.map(({ name, cost }) => [name, Number(cost)]));
};

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

// What a database restored from pg_dump holds: the costs as PostgreSQL ships them (COST 1).
beforeEach(async () => {
  for (const name of FUNCTIONS) await database.db.execute(sql.raw(`ALTER FUNCTION ${name} COST 1`));
});

describe('the planner costs of a search', () => {
  it('come back when the shop starts on a database that lost them', async () => {
    expect(Object.values(await costs(database.db))).toEqual(FUNCTIONS.map(() => 1));

    const { plannerCostsUnchanged } = await prepareDatabase(database, { seed: false });

    expect(plannerCostsUnchanged).toEqual([]);
    expect(await costs(database.db)).toEqual(PLANNER_COSTS);
  });

  it('are left as they are, and named with what to run, where another role owns the functions', async () => {
    const role = `toolshop_guest_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    const serverUrl = process.env.TEST_DATABASE_URL!;
    await withAdminClient(serverUrl, (client) =>
      client.query(`create role ${role} login password '${password}'`),
    );
    const url = new URL(database.url!);
    url.username = role;
    url.password = password;
    let guest: DatabaseHandle | undefined;
    try {
      guest = await openDatabase({ kind: 'postgres', url: url.toString() }, { onConnectionLost: () => {} });
      const unchanged = await restorePlannerCosts(guest.db);
      expect(unchanged.sort()).toEqual([...FUNCTIONS].sort());
      expect(Object.values(await costs(database.db))).toEqual(FUNCTIONS.map(() => 1));
      expect(plannerCostsWarning(unchanged)).toContain(
        'ALTER FUNCTION pg_catalog.texticlike(text, text) COST 50;',
      );
    } finally {
      await guest?.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop role ${role}`));
    }
  });

  it('are left as they are, and named, where the database refuses the change', async () => {
    const url = new URL(database.url!);
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const readOnly = await openDatabase(
      { kind: 'postgres', url: url.toString() },
      { onConnectionLost: () => {} },
    );
    try {
      expect((await restorePlannerCosts(readOnly.db)).sort()).toEqual([...FUNCTIONS].sort());
      expect(Object.values(await costs(database.db))).toEqual(FUNCTIONS.map(() => 1));
    } finally {
      await readOnly.close();
    }
  });
});
