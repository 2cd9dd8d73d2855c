import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDatabaseProxy } from '../test/database-proxy';
import { createTestDatabase } from '../test/test-database';
import { openDatabase, type DatabaseHandle } from './client';

// A transaction whose BEGIN fails gives its connection back (decision 012, drizzle-orm#6241): else each
// such failure during an outage would keep one of the pool's ten connections, and the shop could not
// reach its database after the outage ends. PostgreSQL only (file name): PGlite has no pool.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
let shop: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  proxy = await startDatabaseProxy(new URL(database.url!));
  shop = await openDatabase(
    { kind: 'postgres', url: proxy.url() },
    { onConnectionLost: () => {}, timeouts: { connectMs: 2_000, queryMs: 300 } },
  );
});

afterAll(async () => {
  await shop?.close();
  await proxy?.close();
  await database?.close();
});

it('reaches the database again after more transactions than it has connections failed at BEGIN', async () => {
  // Ten idle connections in the pool, as a busy shop has.
  await Promise.all(Array.from({ length: 10 }, () => shop.db.execute(sql`select pg_sleep(0.05)`)));

  // The network stalls: each transaction takes an idle connection, and its BEGIN times out.
  proxy.stall();
  const outcomes = await Promise.allSettled(
    Array.from({ length: 12 }, () => shop.db.transaction((tx) => tx.execute(sql`select 1`))),
  );
  expect(outcomes.every(({ status }) => status === 'rejected')).toBe(true);
  proxy.resume();

  const { rows } = (await shop.db.execute(sql`select 1 as answer`)) as unknown as {
    rows: { answer: number }[];
  };
  expect(rows).toEqual([{ answer: 1 }]);
  await expect(shop.db.transaction((tx) => tx.execute(sql`select 2`))).resolves.toBeDefined();
});
