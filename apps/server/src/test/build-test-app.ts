import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv } from '../env';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: App;
  db: Database;
  handle: DatabaseHandle;
}

/**
 * Gives a test file a ready app on its own fresh database (migrated, seeded unless `seed: false`),
 * built before the file's tests and closed after them. Read the returned object inside tests.
 */
export function useTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.handle = await createTestDatabase();
    await prepareDatabase(context.handle, { seed: options.seed ?? true });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-test-'));
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
    context.db = context.handle.db;
    context.app = await buildApp({ env, db: context.db, webRoot: path.join(dataDir, 'no-web-app') });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.handle?.close();
  });
  return context;
}
