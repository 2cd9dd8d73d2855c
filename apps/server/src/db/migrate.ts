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

/** The folder of the project's migrations: its journal and SQL files. */
export const MIGRATIONS_FOLDER = migrationsFolder;

/**
 * Applies every SQL migration not yet applied, of the project or of `folder` (a test's copy whose
 * journal stops at an earlier migration, to write data the old way before migrating on).
 */
export async function migrate(
  db: Database,
  engine: DatabaseEngine,
  folder = migrationsFolder,
): Promise<void> {
  if (engine === 'pglite') {
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}
