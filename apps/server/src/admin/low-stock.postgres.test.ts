import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { createTool } from '../test/catalogue';
import { createTestDatabase } from '../test/test-database';
import { claimLowStockCrossings } from './low-stock';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name). A
// database without a running app: an app's own low-stock notifier would claim the crossings too, before
// or between the test's claimers (it once took the raced one: CI saw no claimer get it).
let t: { db: DatabaseHandle['db']; handle: DatabaseHandle & { url?: string } };

beforeAll(async () => {
  const handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  t = { db: handle.db, handle };
}, 60_000);
afterAll(() => t?.handle.close());

describe('processes claiming at the same time', () => {
  it('claim a crossing once between them', async () => {
    await createTool(t.db, { name: 'Raced', onHand: 0 });
    const results = await Promise.all(Array.from({ length: 6 }, () => claimLowStockCrossings(t.db)));
    expect(results.flat().map((tool) => tool.name)).toEqual(['Raced']);
  });
});

describe('a claim beside a checkout', () => {
  // A checkout locks its tools in id order (place_checkout). The claim, once waiting for the first of
  // them, must hold none of the others, or the checkout's next lock closes a cycle: PostgreSQL then kills
  // one of the two (40P01), a 500 for the buyer (seen by 500 buyers racing in bench/race.mjs).
  it('waits for the checkout instead of deadlocking with it', async () => {
    // Both low; the higher id first on disk, where the claim's scan meets it first.
    const second = await createTool(t.db, { id: 'ffffffff-0000-4000-8000-000000000054', onHand: 0 });
    const first = await createTool(t.db, { id: '00000000-0000-4000-8000-000000000054', onHand: 0 });
    const checkout = new pg.Client({ connectionString: t.handle.url });
    await checkout.connect();
    try {
      await checkout.query('begin');
      await checkout.query('select 1 from tools where id = $1 for update', [first.id]);
      const claiming = claimLowStockCrossings(t.db);
      const claimWaits = async () =>
        (
          (await t.db.execute(
            sql`select 1 from pg_stat_activity where wait_event_type = 'Lock'
              and query like '%low_stock_notified_at = now()%' and pid <> pg_backend_pid()`,
          )) as unknown as { rows: unknown[] }
        ).rows.length;
      await expect.poll(claimWaits).toBe(1);
      await checkout.query('select 1 from tools where id = $1 for update', [second.id]);
      await checkout.query('commit');
      const claimed = await claiming;
      expect(claimed.map((tool) => tool.toolId).sort()).toEqual([first.id, second.id]);
    } finally {
      await checkout.end();
    }
  });
});
