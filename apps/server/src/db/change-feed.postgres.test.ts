import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { CHANGE_CHANNEL, createChangeFeed, postgresNotificationSource, type ChangeFeed } from './change-feed';
import type { DatabaseHandle } from './client';

// Two feeds on one database stand for two server processes: what one announces, both must hear, once its
// transaction commits. PGlite is a single process and gets its own test where the app is built.
describe('change feed across processes', () => {
  let handle: DatabaseHandle & { url?: string };
  let writer: ChangeFeed;
  let reader: ChangeFeed;
  const heardByWriter: string[] = [];
  const heardByReader: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    writer = await createChangeFeed(postgresNotificationSource(handle.url!));
    reader = await createChangeFeed(postgresNotificationSource(handle.url!));
    writer.subscribe((topic) => heardByWriter.push(topic));
    reader.subscribe((topic) => heardByReader.push(topic));
  });

  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await handle?.close();
  });

  it('delivers an announcement to every process when its transaction commits', async () => {
    heardByReader.length = 0;
    await handle.db.transaction(async (tx) => {
      await writer.announce(tx, 'tools');
      // A change committed meanwhile by another connection arrives, while this one's does not yet.
      await handle.db.transaction((other) => writer.announce(other, 'probe'));
      await vi.waitFor(() => expect(heardByReader).toContain('probe'));
      expect(heardByReader).not.toContain('tools');
      // The writer must not cache what its own uncommitted transaction is about to replace.
      expect(writer.isCacheable('tools')).toBe(false);
    });
    await vi.waitFor(() => expect(heardByReader).toContain('tools'));
    await vi.waitFor(() => expect(writer.isCacheable('tools')).toBe(true));
    expect(reader.isCacheable('tools')).toBe(true);
  });

  it('holds nothing back for a statement that committed on its own, whenever its echo arrives', async () => {
    heardByWriter.length = 0;
    const { payload, committed } = writer.announcement('orders');
    // Outside a transaction the statement has committed when it returns; its echo may come before or after.
    await handle.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
    committed();
    expect(writer.isCacheable('orders')).toBe(true);
    await vi.waitFor(() => expect(heardByWriter).toContain('orders'));
    expect(writer.isCacheable('orders')).toBe(true);
  });

  it('delivers nothing when the transaction rolls back', async () => {
    heardByReader.length = 0;
    await expect(
      handle.db.transaction(async (tx) => {
        await writer.announce(tx, 'reviews');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed announcement after it arrives; the rolled-back one never does.
    await handle.db.transaction((tx) => writer.announce(tx, 'marker'));
    await vi.waitFor(() => expect(heardByReader).toContain('marker'));
    expect(heardByReader).not.toContain('reviews');
  });

  it('after losing its connection, stops caching, reconnects and starts again from the database', async () => {
    heardByReader.length = 0;
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await vi.waitFor(() => expect(heardByReader).toContain('*'), { timeout: 5_000 });
    await vi.waitFor(() => expect(reader.isCacheable('tools')).toBe(true), { timeout: 10_000 });

    heardByReader.length = 0;
    await handle.db.transaction((tx) => writer.announce(tx, 'tools'));
    await vi.waitFor(() => expect(heardByReader).toContain('tools'), { timeout: 5_000 });
  });
});
