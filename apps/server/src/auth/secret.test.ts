import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { serverSecrets } from '../db/schema';
import { parseEnv } from '../env';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { resolveAuthSecret } from './secret';

// Decision 038: with no BETTER_AUTH_SECRET, the generated secret lives in the database, not in DATA_DIR.
const t = useTestApp({ seed: false });

const started: App[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

const freshDataDir = () => mkdtemp(path.join(tmpdir(), 'toolshop-secret-'));

/** The server started again on the same database, from another DATA_DIR (or another machine). */
async function restart(dataDir: string, extraEnv: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({
    env: { ...t.app.env, ...parseEnv({ DATA_DIR: dataDir, ...extraEnv }) },
    db: t.db,
    mailer: t.mailer,
    webRoot: path.join(dataDir, 'no-web-app'),
  });
  started.push(app);
  t.mailer.track(app);
  return app;
}

const signedIn = async (app: App, account: TestAccount) =>
  (await injectAs(app, account, { url: `/api/profile/${account.email}` })).statusCode;

describe('the session secret', () => {
  it('is generated once into the database: a session outlives a restart from another DATA_DIR', async () => {
    expect(t.app.env.BETTER_AUTH_SECRET).toBeUndefined();
    const customer = await signUp(t.app);

    expect(await signedIn(await restart(await freshDataDir()), customer)).toBe(200);
  });

  it('is BETTER_AUTH_SECRET when given, which signs apart from the kept one', async () => {
    const customer = await signUp(t.app);
    const configured = await restart(await freshDataDir(), { BETTER_AUTH_SECRET: 'x'.repeat(32) });

    expect(await signedIn(configured, customer)).toBe(401);
    expect(await resolveAuthSecret(configured.env, t.db)).toBe('x'.repeat(32));
  });

  it('is the one an older version kept in DATA_DIR, so its sessions survive the upgrade', async () => {
    // Before the upgrade: sessions signed with the secret in DATA_DIR, none in the database.
    const legacySecret = 'a secret generated before the upgrade, 44 ch';
    const customer = await signUp(await restart(await freshDataDir(), { BETTER_AUTH_SECRET: legacySecret }));
    const dataDir = await freshDataDir();
    await mkdir(path.join(dataDir, 'secrets'));
    await writeFile(path.join(dataDir, 'secrets', 'auth-secret'), legacySecret);
    await t.db.delete(serverSecrets);

    const upgraded = await restart(dataDir);
    expect(await signedIn(upgraded, customer)).toBe(200);
    // …and the database now holds it for every other instance.
    expect(await signedIn(await restart(await freshDataDir()), customer)).toBe(200);
  });
});
