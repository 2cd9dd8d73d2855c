import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import * as schema from '../db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, fully migrated PGlite database, for createTestDatabase to start from. */
    migratedPgliteDump: string;
  }
}

/**
 * Vitest global setup of the PGlite project: migrates one empty in-memory database and dumps it, once
 * per run. A new PGlite runs initdb, three to five seconds of one core on CI; a test file's database
 * loads this dump in under one, and still goes through the server's own prepare step (decision 030).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle({ client, schema }) as unknown as Database, 'pglite');
  const dump = await client.dumpDataDir('none');
  await client.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'toolshop-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  return () => rm(dir, { recursive: true, force: true });
}
