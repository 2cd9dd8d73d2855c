import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '@toolshop/shared/admin';
import { activityLog, session, user } from '../db/schema';
import {
  cookieHeader,
  injectAs,
  newAccountDetails,
  ORIGIN,
  signUp,
  signUpAdmin,
  type TestAccount,
} from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { refuseAtCommit } from '../test/refuse-at-commit';

const t = useTestApp({ seed: false });

let admin: TestAccount;
let adminId: string;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  adminId = (await t.db.select().from(user).where(eq(user.email, admin.email)))[0]!.id;
});

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN, 'user-agent': 'Test browser 1.0' },
    remoteAddress,
    payload: { email, password },
  });

const signIns = () => t.db.$count(activityLog, eq(activityLog.kind, 'admin.signed-in'));

async function newestSignIn(): Promise<ActivityEntry | undefined> {
  const response = await injectAs(t.app, admin, { url: '/api/admin/activity?kind=admin.signed-in' });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json()).items[0];
}

describe('the activity log of admins’ sign-ins', () => {
  it('logs an admin signing in: who, from which address, how, with which browser', async () => {
    const response = await signInFrom('192.0.2.44', admin.email, admin.password);

    expect(response.statusCode, response.body).toBe(200);
    const [created] = await t.db
      .select()
      .from(session)
      .where(and(eq(session.userId, adminId), eq(session.ipAddress, '192.0.2.44')));
    expect(await newestSignIn()).toEqual({
      _id: expect.any(String),
      createdAt: expect.any(String),
      kind: 'admin.signed-in',
      actor: { id: adminId, email: admin.email, name: admin.name },
      subject: { type: 'session', id: created!.id, label: 'e-mail and password' },
      details: { userAgent: 'Test browser 1.0' },
      ip: '192.0.2.44',
    });
  });

  it('logs no customer’s sign-in, no failed sign-in, and no session a password change replaces', async () => {
    const customer = await signUp(t.app, newAccountDetails('customer'));
    const other = await signUp(t.app, newAccountDetails('other-admin'));
    expect(
      (await injectAs(t.app, admin, { method: 'PUT', url: `/api/user/admin/${other.email}` })).statusCode,
    ).toBe(200);
    const before = await signIns();

    expect((await signInFrom('192.0.2.50', customer.email, customer.password)).statusCode).toBe(200);
    expect((await signInFrom('192.0.2.51', admin.email, 'not the password')).statusCode).toBe(401);
    const changed = await injectAs(t.app, other, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: other.password, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(cookieHeader(changed)).not.toBe('');

    expect(await signIns()).toBe(before);
  });

  it('refuses a sign-in whose entry cannot be written, and leaves no session behind', async () => {
    const sessions = () => t.db.$count(session, eq(session.userId, adminId));
    const sessionsBefore = await sessions();
    const entriesBefore = await signIns();
    const undo = await refuseAtCommit(t.db, activityLog, `new.kind = 'admin.signed-in'`);
    let refused;
    try {
      refused = await signInFrom('192.0.2.60', admin.email, admin.password);
    } finally {
      await undo();
    }

    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    expect(refused.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    expect(await sessions()).toBe(sessionsBefore);
    expect(await signIns()).toBe(entriesBefore);
    expect(
      await t.db.$count(session, and(eq(session.userId, adminId), eq(session.ipAddress, '192.0.2.60'))),
    ).toBe(0);
    expect((await signInFrom('192.0.2.61', admin.email, admin.password)).statusCode).toBe(200);
  });
});
