import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { migrate, MIGRATIONS_FOLDER } from '../db/migrate';
import { createTestDatabase } from './test-database';

/** The project's migrations with the journal cut before `idx`, in a folder of its own. */
async function migrationsBefore(idx: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'toolshop-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A test database as an older shop left it: migrated up to migration `idx`, not including it (on PGlite,
 * initdb first: a few seconds). `migrate(handle.db, handle.engine)` then takes it to today's schema.
 */
export async function databaseBeforeMigration(idx: number): Promise<DatabaseHandle> {
  const handle = await createTestDatabase({ migrated: false });
  const folder = await migrationsBefore(idx);
  try {
    await migrate(handle.db, handle.engine, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return handle;
}
