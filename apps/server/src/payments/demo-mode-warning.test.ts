import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotices } from '@toolshop/shared/messages';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv } from '../env';
import { createTestDatabase } from '../test/test-database';

let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  await prepareDatabase(handle, { seed: false });
  dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-test-'));
});
afterAll(async () => {
  await handle?.close();
});

/** Builds the app with `stripe` and returns the warnings it logged while starting. */
async function startUpWarnings(stripe: Stripe | null): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir }),
    db: handle.db,
    logger: { level: 'warn', stream },
    stripe,
    webRoot: path.join(dataDir, 'no-web-app'),
  });
  await app.ready();
  await app.close();
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);
}

describe('payments at start-up', () => {
  it('warns that payments are in demo mode when there are no Stripe keys', async () => {
    const warnings = await startUpWarnings(null);

    expect(warnings.filter((msg) => msg.includes(adminNotices.demoPayments))).toHaveLength(1);
  });

  it('says nothing about demo mode with Stripe', async () => {
    const warnings = await startUpWarnings(new Stripe('sk_test_placeholder'));

    expect(warnings.filter((msg) => msg.includes(adminNotices.demoPayments))).toEqual([]);
  });
});
