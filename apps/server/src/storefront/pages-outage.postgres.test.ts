import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontNotices } from '@toolshop/shared/storefront-notices';
import { buildApp, type App } from '../app';
import { CHANGE_CHANNEL } from '../db/change-feed';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv } from '../env';
import { signUp } from '../test/accounts';
import { createRecordingMailer } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { startDatabaseProxy } from '../test/database-proxy';
import { createTestDatabase } from '../test/test-database';

// The shop reaches its PostgreSQL through a proxy that the test takes away (decision 012's fault tooling):
// every connection dropped, new ones refused, as while the database is down.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
let shopDatabase: DatabaseHandle;
let app: App;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database, { seed: true });
  proxy = await startDatabaseProxy(new URL(database.url!));
  shopDatabase = await openDatabase(
    { kind: 'postgres', url: proxy.url() },
    { onConnectionLost: () => {}, timeouts: { connectMs: 1_000, queryMs: 2_000 } },
  );
  dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-outage-'));
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    db: shopDatabase.db,
    mailer: createRecordingMailer(() => [app]),
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await shopDatabase?.close();
  await proxy?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url });

/** The tag of `url` once it is kept again (the shop listens to the database's changes again). */
async function keptEtag(url: string): Promise<string> {
  const sameTwice = async () => (await get(url)).headers.etag === (await get(url)).headers.etag;
  await expect.poll(sameTwice, { timeout: 20_000 }).toBe(true);
  return String((await get(url)).headers.etag);
}

/** Takes the database away until `work` is done, then brings it back. */
async function whileDatabaseIsDown(work: () => Promise<void>) {
  proxy.cut();
  try {
    await work();
  } finally {
    proxy.restore();
  }
}

describe('server-rendered pages while PostgreSQL is down', () => {
  it('answer 503 with Retry-After and a page saying the shop is briefly away, then serve again', async () => {
    const customer = await signUp(app);
    await whileDatabaseIsDown(async () => {
      const anonymous = await get('/tools?q=asked-during-the-outage');
      // A signed-in visitor's page reads their session first: that read fails the same way.
      const signedIn = await app.inject({ url: '/', headers: { cookie: customer.cookie } });

      for (const page of [anonymous, signedIn]) {
        expect(page.statusCode).toBe(503);
        expect(page.headers['retry-after']).toBe('5');
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.body).toContain(storefrontNotices.away.text);
      }
      expect(anonymous.body).toContain(`<title>${storefrontNotices.away.title} · Toolshop</title>`);
    });

    await expect
      .poll(async () => (await get('/tools?q=asked-after-the-outage')).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
  }, 30_000);

  it('keep serving a kept page whose new rendering fails, then its new rendering once the database is back', async () => {
    const tool = await createTool(database.db, { onHand: 77 });
    const url = `/tools/${tool.id}`;
    const kept = await keptEtag(url);

    // A change of the tool, announced as any write would: the kept page is dropped, and kept anew.
    await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`test:1:catalogue:${tool.id}`})`);
    await expect.poll(async () => (await get(url)).headers.etag).not.toBe(kept);
    const before = await get(url);
    expect(before.headers.etag).toBe(await keptEtag(url));

    await whileDatabaseIsDown(async () => {
      // The shop has noticed: its own read of the tool fails.
      await expect.poll(async () => (await get(`/api/tools/${tool.id}`)).statusCode).toBe(503);
      for (let visitor = 0; visitor < 3; visitor += 1) {
        const page = await get(url);
        expect(page.statusCode).toBe(200);
        expect(page.headers.etag).toBe(before.headers.etag);
        expect(page.body).toContain(tool.name);
      }
    });

    await expect
      .poll(async () => (await get(url)).headers.etag, { timeout: 20_000 })
      .not.toBe(before.headers.etag);
    expect((await get(url)).statusCode).toBe(200);
  }, 40_000);
});
