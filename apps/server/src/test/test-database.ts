import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';

/**
 * A fresh database with no data for one test file, migrated unless `migrated: false`: in-memory PGlite by
 * default (begun from the migrated dump the project's global setup made), or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the test project runs with TEST_DB_ENGINE=postgres (a copy
 * of the migrated template its global setup made). The PostgreSQL database is dropped again on close.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<
  DatabaseHandle & { url?: string }
> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') {
    if (!migrated) return openDatabase({ kind: 'pglite' });
    const dump = await readFile(inject('migratedPgliteDump'));
    return openDatabase({ kind: 'pglite', startFrom: new Blob([dump]) });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `toolshop_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? ` template ${inject('migratedPostgresTemplate')}` : '';
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${template}`));

  const url = databaseUrl(serverUrl, name);
  // The forced drop below ends connections the pool is still closing: expected, so not reported.
  const handle = await openDatabase(
    { kind: 'postgres', url: url.toString() },
    { onConnectionLost: () => {} },
  );
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/** The address of database `name` on the server `serverUrl` names. */
export function databaseUrl(serverUrl: string, name: string): URL {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
