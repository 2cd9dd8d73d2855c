import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, DatabaseEngine } from './client';

// apps/server/drizzle, reached the same way from src/db (tsx, tests) and from dist (the bundle).
const migrationsFolder = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../drizzle' : '../../drizzle', import.meta.url),
);

/** Applies every SQL migration not yet applied. */
export async function migrate(db: Database, engine: DatabaseEngine): Promise<void> {
  if (engine === 'pglite') {
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
