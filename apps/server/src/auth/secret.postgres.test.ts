import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { serverSecrets } from '../db/schema';
import { injectAs, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { resolveAuthSecret } from './secret';

// Decision 038: two instances on one PostgreSQL, neither given BETTER_AUTH_SECRET, sign alike.
const t = useTestApp({ seed: false, secondInstance: true });

describe('two instances without BETTER_AUTH_SECRET', () => {
  it('accept each other’s sessions, though each has its own DATA_DIR', async () => {
    expect(t.app.env.BETTER_AUTH_SECRET).toBeUndefined();
    expect(t.otherApp.env.DATA_DIR).not.toBe(t.app.env.DATA_DIR);
    const customer = await signUp(t.app);

    const profile = await injectAs(t.otherApp, customer, { url: `/api/profile/${customer.email}` });
    expect(profile.statusCode, profile.body).toBe(200);
  });

  it('agree on one secret when they start at the same moment', async () => {
    await t.db.delete(serverSecrets);
    const handles = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ kind: 'postgres', url: t.handle.url! }, { onConnectionLost: () => {} }),
      ),
    );
    try {
      const secrets = await Promise.all(
        handles.map((handle, i) =>
          resolveAuthSecret({ ...t.app.env, DATA_DIR: `${t.app.env.DATA_DIR}/instance-${i}` }, handle.db),
        ),
      );
      expect(new Set(secrets).size).toBe(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
