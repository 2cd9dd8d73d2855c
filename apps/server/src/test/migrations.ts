import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/migrate';

/**
 * The project's migrations with the journal cut before `idx`, in a folder of their own (the caller removes
 * it): migrated with it, a database is as an older shop left it.
 */
export async function migrationsBefore(idx: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'toolshop-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}
