import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { injectAs, newAccountDetails, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).
const t = useTestApp({ seed: false });

let ada: TestAccount;
let bea: TestAccount;

beforeAll(async () => {
  ada = await signUpAdmin(t.app);
  bea = await signUp(t.app, newAccountDetails('bea'));
});

const promote = (by: TestAccount, email: string) =>
  injectAs(t.app, by, { method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}` });
const revoke = (by: TestAccount, email: string) =>
  injectAs(t.app, by, { method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(email)}` });
async function admins(): Promise<string[]> {
  const rows = await t.db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return rows.map((row) => row.email);
}

describe('two admins revoking each other at once', () => {
  it('always leaves one admin', async () => {
    for (let round = 0; round < 5; round += 1) {
      expect((await promote(ada, bea.email)).statusCode).toBe(200);

      const results = await Promise.all([revoke(ada, bea.email), revoke(bea, ada.email)]);

      // The loser hears 409 (last admin) if both ran at once, or 403 if it was already demoted.
      const statuses = results.map((response) => response.statusCode).sort();
      expect([
        [200, 403],
        [200, 409],
      ]).toContainEqual(statuses);
      const left = await admins();
      expect(left).toHaveLength(1);
      // Whoever is left promotes the other next round.
      if (left[0] === bea.email) [ada, bea] = [bea, ada];
    }
  });
});
