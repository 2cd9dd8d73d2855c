import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/** Both engines speak the same PostgreSQL dialect; features only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseEngine;
  /**
   * Runs `work` on a single connection holding a PostgreSQL advisory lock, so that several server
   * processes starting together do not migrate or seed the same database at once.
   */
  withStartupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Any fixed 64-bit number works: it only has to be the same in every process of this application.
const STARTUP_LOCK_KEY = 7_316_548_201;

export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

/** Opens PostgreSQL when a URL is given, else embedded PGlite (files under dataDir, or in memory). */
export async function openDatabase(
  location: DatabaseLocation,
  {
    onConnectionLost = (error: Error) =>
      console.warn(`database connection closed by the server: ${error.message}`),
  } = {},
): Promise<DatabaseHandle> {
  return location.kind === 'postgres'
    ? openPostgres(location.url, onConnectionLost)
    : openPglite(location.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined).catch(
    async (error: unknown) => {
      await unlock();
      throw error;
    },
  );
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    // PGlite is one connection inside this process: there is nobody to race with.
    withStartupLock: (work) => work(db),
    async close() {
      await client.close();
      await unlock();
    },
  };
}

async function openPostgres(url: string, onConnectionLost: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, a failover) is dropped from the pool and replaced
  // on the next query; without a listener, pg would throw it as an uncaught error and end the process.
  pool.on('error', onConnectionLost);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    async withStartupLock(work) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work(drizzleNodePg({ client: connection, schema }) as unknown as Database);
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
