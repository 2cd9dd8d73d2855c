import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { databaseUrl, withAdminClient } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty, fully migrated database on TEST_DATABASE_URL's server, for createTestDatabase to copy. */
    migratedPostgresTemplate: string;
  }
}

/**
 * Vitest global setup of the PostgreSQL project: migrates one empty database, once per run, that each test
 * file's database is created from (`CREATE DATABASE … TEMPLATE`): a tenth of a second instead of a second
 * of migrations per file. The file's database still goes through the server's own prepare step.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the PostgreSQL test project needs TEST_DATABASE_URL');
  const name = `toolshop_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  // No connection may stay open to a database that others are created from.
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name).toString() });
  try {
    await migrate(handle.db, handle.engine);
  } finally {
    await handle.close();
  }
  project.provide('migratedPostgresTemplate', name);
  return async () => {
    await withAdminClient(serverUrl, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  };
}
