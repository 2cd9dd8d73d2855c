import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import { releaseConnectionsWhoseBeginFails } from './failed-begin';
import { createDataDirApart, pgliteMemoryOptions } from './pglite-memory';
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

/**
 * The extensions the migrations create, which PGlite must load with every database it opens: trigram
 * similarity and edit distance for the catalogue's search (decisions 056, 065). PostgreSQL ships both in
 * its contrib package.
 */
export const pgliteExtensions = { fuzzystrmatch, pg_trgm };

// Any fixed 64-bit number works: it only has to be the same in every process of this application.
const STARTUP_LOCK_KEY = 7_316_548_201;
const STARTUP_LOCK_WAIT_MS = 10 * 60_000;

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /** `startFrom`: a dump (PGlite's `dumpDataDir`) the in-memory database begins as, instead of initdb. */
  | { kind: 'pglite'; dataDir?: string; startFrom?: Blob };

/**
 * How long PostgreSQL may take before a request gives up and answers 503: a server that stops answering
 * without closing the connection (a stalled network, a frozen host) would otherwise hold requests forever.
 */
export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** One query's answer. */
  queryMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, queryMs: 5_000 };

/** PostgreSQL's own limit for a statement: a little under the client's, so that the server stops first. */
const statementTimeoutMs = (queryMs: number) => Math.max(queryMs - 500, Math.ceil(queryMs * 0.8));

const statementTimeouts = new WeakMap<Database, number>();

/**
 * The moment the shop stops waiting for a statement sent on `db` now, for the database to check with its
 * own clock (decision 033): the server's statement_timeout from now, whose margin under the client's
 * timeout (500 ms, or a fifth of a short one) leaves room for the answer's way back and for skew between
 * the two hosts' clocks. Undefined on PGlite, where nobody gives up.
 */
export function queryDeadline(db: Database): Date | undefined {
  const timeoutMs = statementTimeouts.get(db);
  return timeoutMs === undefined ? undefined : new Date(Date.now() + timeoutMs);
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite (files under dataDir, or in memory). */
export async function openDatabase(
  location: DatabaseLocation,
  {
    onConnectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`),
    timeouts = DEFAULT_POSTGRES_TIMEOUTS,
  }: { onConnectionLost?: (error: Error) => void; timeouts?: PostgresTimeouts } = {},
): Promise<DatabaseHandle> {
  return location.kind === 'postgres'
    ? openPostgres(location.url, onConnectionLost, timeouts)
    : openPglite(location.dataDir, location.startFrom);
}

async function openPglite(dataDir: string | undefined, startFrom: Blob | undefined): Promise<DatabaseHandle> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = await createPglite(dataDir, startFrom).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
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

async function createPglite(dataDir: string | undefined, startFrom: Blob | undefined): Promise<PGlite> {
  // A dump brings its own files: PGlite unpacks them, it runs no initdb to keep apart.
  if (dataDir && !startFrom) await createDataDirApart(path.resolve(dataDir));
  return PGlite.create({
    ...pgliteMemoryOptions,
    extensions: pgliteExtensions,
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...(startFrom ? { loadDataDir: startFrom } : {}),
  });
}

async function openPostgres(
  url: string,
  onConnectionLost: (error: Error) => void,
  timeouts: PostgresTimeouts,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    // The server gives up first, and rolls back: a statement the client stopped waiting for must not
    // commit afterwards (an order sent outside a transaction would be placed though its buyer got a 503).
    statement_timeout: statementTimeoutMs(timeouts.queryMs),
    // Notices a peer that vanished (a dead host, a dropped NAT entry) on a connection that sits idle.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection the server closes (a restart, a failover) is dropped from the pool and replaced
  // on the next query; without a listener, pg would throw it as an uncaught error and end the process.
  pool.on('error', onConnectionLost);
  pool.on('connect', (client) => {
    // The same for a connection checked out of the pool (inside a transaction): the query in flight
    // fails with the error and the request answers 503; the pool drops the connection on release.
    client.on('error', onConnectionLost);
  });
  releaseConnectionsWhoseBeginFails(pool);
  pool.on('release', (_error, client) => {
    // A query that timed out is still running as far as the connection is concerned: its late answer
    // would be read as the next query's. Such a connection is closed, not reused.
    if (hasQueryInFlight(client)) endConnection(client);
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  statementTimeouts.set(db, statementTimeoutMs(timeouts.queryMs));
  return {
    db,
    engine: 'postgres',
    async withStartupLock(work) {
      const connection = await pool.connect();
      try {
        // Another process may hold the lock for a whole migration: waiting for it is no stalled query.
        await connection.query('set statement_timeout = 0');
        await connection.query({
          text: 'select pg_advisory_lock($1)',
          values: [STARTUP_LOCK_KEY],
          query_timeout: STARTUP_LOCK_WAIT_MS,
        } as pg.QueryConfig);
        return await work(drizzleNodePg({ client: connection, schema }) as unknown as Database);
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        await connection.query('reset statement_timeout').catch(() => {});
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

// node-postgres has no public API for either; both internals exist since pg 8.
function hasQueryInFlight(client: pg.PoolClient): boolean {
  return Boolean((client as unknown as { _getActiveQuery(): unknown })._getActiveQuery());
}

/** Closes the socket: the client then errors, and the pool drops it as it drops any broken connection. */
function endConnection(client: pg.PoolClient) {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}
