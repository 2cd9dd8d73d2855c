import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '@toolshop/shared/admin';
import { activityLog, user } from '../db/schema';
import { injectAs, newAccountDetails, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { refuseAtCommit } from '../test/refuse-at-commit';

const t = useTestApp({ seed: false });

const ADMIN_IP = '198.51.100.7';

let admin: TestAccount;
let adminActor: ActivityEntry['actor'];

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  adminActor = await actorOf(admin);
});

async function actorOf(account: TestAccount): Promise<ActivityEntry['actor']> {
  const [row] = await t.db.select().from(user).where(eq(user.email, account.email));
  return { id: row!.id, email: row!.email, name: row!.name };
}

const promote = (by: TestAccount | null, email: string) =>
  injectAs(t.app, by, {
    method: 'PUT',
    url: `/api/user/admin/${encodeURIComponent(email)}`,
    remoteAddress: ADMIN_IP,
  });
const revoke = (by: TestAccount | null, email: string) =>
  injectAs(t.app, by, {
    method: 'DELETE',
    url: `/api/user/admin/${encodeURIComponent(email)}`,
    remoteAddress: ADMIN_IP,
  });

/** The log's entries about one account, newest first, as an admin reads them. */
async function entriesAbout(account: TestAccount): Promise<ActivityEntry[]> {
  const { id } = await actorOf(account);
  const response = await injectAs(t.app, admin, { url: '/api/admin/activity?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema
    .parse(response.json())
    .items.filter((entry) => entry.subject.type === 'user' && entry.subject.id === id);
}

describe('the activity log of admin rights', () => {
  it('logs a user promoted and a user revoked: who, from where, the role before → after', async () => {
    const bea = await signUp(t.app, newAccountDetails('bea'));
    const subject = { type: 'user', id: (await actorOf(bea)).id, label: bea.email };

    expect((await promote(admin, bea.email)).statusCode).toBe(200);
    expect((await revoke(admin, bea.email)).statusCode).toBe(200);

    expect(await entriesAbout(bea)).toEqual([
      {
        _id: expect.any(String),
        createdAt: expect.any(String),
        kind: 'user.revoked',
        actor: adminActor,
        subject,
        details: { role: { before: 'admin', after: 'customer' } },
        ip: ADMIN_IP,
      },
      {
        _id: expect.any(String),
        createdAt: expect.any(String),
        kind: 'user.promoted',
        actor: adminActor,
        subject,
        details: { role: { before: 'customer', after: 'admin' } },
        ip: ADMIN_IP,
      },
    ]);
  });

  it('logs nothing when nothing changes: promoting an admin, revoking a customer', async () => {
    const cyd = await signUp(t.app, newAccountDetails('cyd'));
    expect((await promote(admin, cyd.email)).statusCode).toBe(200);

    expect((await promote(admin, cyd.email)).statusCode).toBe(200);
    expect((await revoke(admin, cyd.email)).statusCode).toBe(200);
    expect((await revoke(admin, cyd.email)).statusCode).toBe(200);

    expect((await entriesAbout(cyd)).map((entry) => entry.kind)).toEqual(['user.revoked', 'user.promoted']);
  });

  it('logs nothing for a refused change (401, 403, 404, 409)', async () => {
    const dee = await signUp(t.app, newAccountDetails('dee'));
    const before = await t.db.$count(activityLog);

    expect((await promote(null, dee.email)).statusCode).toBe(401);
    expect((await promote(dee, dee.email)).statusCode).toBe(403);
    expect((await revoke(dee, admin.email)).statusCode).toBe(403);
    expect((await promote(admin, 'nobody@example.com')).statusCode).toBe(404);
    // Revoking oneself, and (therefore) the last admin.
    expect((await revoke(admin, admin.email)).statusCode).toBe(409);

    expect(await t.db.$count(activityLog)).toBe(before);
  });

  it('logs nothing when the change’s transaction fails after its entry was written', async () => {
    const eve = await signUp(t.app, newAccountDetails('refused-eve'));
    const fay = await signUp(t.app, newAccountDetails('refused-fay'));
    expect((await promote(admin, fay.email)).statusCode).toBe(200);
    const undo = await refuseAtCommit(t.db, user, `new.email like 'refused-%'`);
    try {
      const before = await t.db.$count(activityLog);

      expect((await promote(admin, eve.email)).statusCode).toBe(500);
      expect((await revoke(admin, fay.email)).statusCode).toBe(500);

      expect(await t.db.$count(activityLog)).toBe(before);
      const roles = await t.db.select({ email: user.email, role: user.role }).from(user);
      expect(
        roles
          .filter((row) => row.email.startsWith('refused-'))
          .map((row) => row.role)
          .sort(),
      ).toEqual(['admin', 'customer']);
    } finally {
      await undo();
    }
  });
});
