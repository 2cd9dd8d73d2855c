import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '@toolshop/shared/messages';
import { user } from '../db/schema';
import { injectAs, newAccountDetails, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

let ada: TestAccount;
let bea: TestAccount;
let cyd: TestAccount;

beforeAll(async () => {
  ada = await signUpAdmin(t.app);
  bea = await signUp(t.app, newAccountDetails('bea'));
  cyd = await signUp(t.app, newAccountDetails('cyd'));
});

const promote = (by: TestAccount, email: string) =>
  injectAs(t.app, by, { method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}` });
const revoke = (by: TestAccount | null, email: string) =>
  injectAs(t.app, by, { method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(email)}` });
/** The admins' e-mails, read from the database (the caller may just have lost the role). */
async function admins(): Promise<string[]> {
  const rows = await t.db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return rows.map((row) => row.email).sort();
}

describe('DELETE /api/user/admin/:email', () => {
  it('makes another admin a customer again', async () => {
    expect((await promote(ada, bea.email)).statusCode).toBe(200);

    const response = await revoke(ada, bea.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: bea.email, role: 'customer' });
    expect(await admins()).toEqual([ada.email]);
  });

  it('refuses an admin revoking themself, with a clear 409', async () => {
    expect((await promote(ada, bea.email)).statusCode).toBe(200);

    const response = await revoke(bea, bea.email);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: userMessages.cannotRevokeSelf } });
    expect(await admins()).toContain(bea.email);
    expect((await revoke(ada, bea.email)).statusCode).toBe(200);
  });

  it('refuses to revoke the last admin', async () => {
    // Only an admin may call the route, so the last admin can only be reached as oneself.
    const response = await revoke(ada, ada.email);

    expect(response.statusCode).toBe(409);
    expect(await admins()).toEqual([ada.email]);
  });

  it('refuses a revoker demoted between the access check and the change', async () => {
    expect((await promote(ada, bea.email)).statusCode).toBe(200);
    expect((await promote(ada, cyd.email)).statusCode).toBe(200);
    expect((await revoke(ada, bea.email)).statusCode).toBe(200);
    // Bea's request passed the route's check while she was an admin; her role is gone by the time it runs.
    const [beaRow] = await t.db.select().from(user).where(eq(user.email, bea.email));
    const staleViewer = { ...beaRow!, role: 'admin' as const, image: null, sessionToken: 'stale' };

    await expect(
      t.app.services.users.revoke({ viewer: staleViewer, ip: '127.0.0.1' }, cyd.email),
    ).rejects.toMatchObject({
      statusCode: 403,
    });

    expect(await admins()).toEqual([ada.email, cyd.email].sort());
    expect((await revoke(ada, cyd.email)).statusCode).toBe(200);
  });

  it('is for admins only and answers 404 for an unknown account', async () => {
    expect((await revoke(null, ada.email)).statusCode).toBe(401);
    expect((await revoke(cyd, ada.email)).statusCode).toBe(403);
    expect((await revoke(ada, 'nobody@example.com')).statusCode).toBe(404);
  });
});
