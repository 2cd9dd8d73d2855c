import path from 'node:path';
import type { Env } from '../env';
import { openDatabase, type DatabaseHandle } from './client';

/** The database the environment names: PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR/db. */
export function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  return openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
    { timeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, queryMs: env.DATABASE_QUERY_TIMEOUT_MS } },
  );
}
