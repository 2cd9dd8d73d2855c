import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import {
  cookieHeader,
  injectAs,
  newAccountDetails,
  ORIGIN,
  signIn,
  signUp,
  type TestAccount,
  verifyEmail,
} from '../test/accounts';
import { TEST_ADMIN_EMAIL, useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

// Sign-ups are rate limited (10 a minute per address): this file creates fewer than that. The prefixes start
// with different letters so that every database collation sorts the e-mails the same way.
const ADMIN_PASSWORD = 'admin password 1';
let adminSignUp: LightMyRequestResponse;
let adminRoleBeforeVerifying: string;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;

const unauthorizedBody = { error: { code: 'unauthorized', message: 'Sign in to continue.' } };
const notYourAccountBody = { error: { code: 'forbidden', message: 'You may only act on your own account.' } };
const adminsOnlyBody = { error: { code: 'forbidden', message: 'Only admins may do this.' } };
const userNotFoundBody = { error: { code: 'not_found', message: 'User not found' } };

beforeAll(async () => {
  // The ADMIN_EMAILS address typed in other letter case; the test below checks the outcome.
  adminSignUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name: 'Ada Admin', email: TEST_ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD },
  });
  admin = { name: 'Ada Admin', email: TEST_ADMIN_EMAIL, password: ADMIN_PASSWORD, cookie: '' };
  // ADMIN_EMAILS makes it an admin once the address is verified (the test below checks both steps); a
  // sign-up gives no session, so the admin signs in after confirming the address.
  adminRoleBeforeVerifying = adminSignUp.json().user.role;
  await verifyEmail(t.app, admin);
  admin.cookie = cookieHeader(await signIn(t.app, TEST_ADMIN_EMAIL, ADMIN_PASSWORD));
  alice = await signUp(t.app, newAccountDetails('alice'));
  bob = await signUp(t.app, newAccountDetails('bob'));
});

const adminStatus = (account: TestAccount | null, email: string) =>
  injectAs(t.app, account, { method: 'GET', url: `/api/admin/${encodeURIComponent(email)}` });

/** Whether the database's account for `email` is an admin, read directly (no route involved). */
async function storedRole(email: string): Promise<string | undefined> {
  const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.email, email));
  return row?.role;
}

describe('PUT /api/user/:email (record the user, get a bearer token)', () => {
  it('gives a signed-in customer a token for their own e-mail that works as a Bearer token', async () => {
    const response = await injectAs(t.app, alice, {
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      payload: { email: alice.email },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.stringMatching(/\S{16,}/) });
    const { token } = response.json<{ token: string }>();

    const withBearer = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${alice.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json()).toMatchObject({ email: alice.email, name: alice.name });
  });

  it('gives the token when the body is left out (the body is optional)', async () => {
    const response = await injectAs(t.app, alice, { method: 'PUT', url: `/api/user/${alice.email}` });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String) });
  });

  it('answers 401 to a garbage Bearer token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${alice.email}`,
      headers: { authorization: 'Bearer not-a-real-session-token' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });

  it.each([
    ['a customer', () => bob],
    ['an admin', () => admin],
  ])('answers 403 when %s asks for a token for someone else', async (_label, caller) => {
    const response = await injectAs(t.app, caller(), {
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      payload: { email: alice.email },
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(notYourAccountBody);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await injectAs(t.app, null, {
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      payload: { email: alice.email },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });

  it('answers 400 when the e-mail in the body is not the caller’s own', async () => {
    const response = await injectAs(t.app, alice, {
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      payload: { email: bob.email },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'The e-mail in the body must be your own.',
        fields: { 'body.email': 'must match the signed-in account' },
      },
    });
  });

  it('refuses extra keys such as role with a 400 and does not make the caller an admin', async () => {
    const response = await injectAs(t.app, alice, {
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      payload: { email: alice.email, role: 'admin' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Some fields are not valid.',
        fields: { body: 'Unrecognized key: "role"' },
      },
    });
    expect((await adminStatus(alice, alice.email)).json()).toEqual({ admin: false });
    expect(await storedRole(alice.email)).toBe('customer');
  });
});

describe('GET /api/admin/:email', () => {
  it('tells a customer they are not an admin', async () => {
    const response = await adminStatus(alice, alice.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: false });
  });

  it('tells an admin they are an admin', async () => {
    const response = await adminStatus(admin, TEST_ADMIN_EMAIL);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: true });
  });

  it('compares e-mails without regard to letter case', async () => {
    const response = await adminStatus(alice, alice.email.toUpperCase());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: false });
  });

  it.each([
    ['another customer', () => bob.email],
    ['the admin', () => TEST_ADMIN_EMAIL],
    ['an unknown e-mail (no hint whether it exists)', () => 'nobody-here@example.com'],
  ])('answers 403 when a customer asks about %s', async (_label, email) => {
    const response = await adminStatus(alice, email());

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(notYourAccountBody);
  });

  it('lets an admin ask about anyone', async () => {
    const aboutCustomer = await adminStatus(admin, bob.email);
    const aboutAdminInUpperCase = await adminStatus(admin, TEST_ADMIN_EMAIL.toUpperCase());

    expect(aboutCustomer.statusCode).toBe(200);
    expect(aboutCustomer.json()).toEqual({ admin: false });
    expect(aboutAdminInUpperCase.statusCode).toBe(200);
    expect(aboutAdminInUpperCase.json()).toEqual({ admin: true });
  });

  it('answers 404 when an admin asks about an unknown e-mail', async () => {
    const response = await adminStatus(admin, 'nobody-here@example.com');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(userNotFoundBody);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await adminStatus(null, alice.email);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });
});

describe('GET /api/user (list every account)', () => {
  it('lists every account to an admin as { _id, email, name, role }, sorted by e-mail', async () => {
    const response = await injectAs(t.app, admin, { method: 'GET', url: '/api/user' });

    expect(response.statusCode).toBe(200);
    const rows = await t.db.select().from(user);
    const expected = rows
      .map((row) => ({ _id: row.id, email: row.email, name: row.name, role: row.role }))
      .sort((a, b) => (a.email < b.email ? -1 : 1));
    expect(response.json()).toEqual(expected);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), email: TEST_ADMIN_EMAIL, name: admin.name, role: 'admin' },
        { _id: expect.any(String), email: alice.email, name: alice.name, role: 'customer' },
        { _id: expect.any(String), email: bob.email, name: bob.name, role: 'customer' },
      ]),
    );
  });

  it('answers 403 to a customer', async () => {
    const response = await injectAs(t.app, alice, { method: 'GET', url: '/api/user' });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(adminsOnlyBody);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await injectAs(t.app, null, { method: 'GET', url: '/api/user' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });
});

describe('PUT /api/user/admin/:email (make an admin)', () => {
  const promote = (account: TestAccount | null, email: string) =>
    injectAs(t.app, account, { method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}` });

  it('lets an admin promote a customer, who can use admin routes at once with their existing session', async () => {
    const carol = await signUp(t.app, newAccountDetails('carol'));
    expect((await injectAs(t.app, carol, { method: 'GET', url: '/api/user' })).statusCode).toBe(403);

    const response = await promote(admin, carol.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: expect.any(String),
      email: carol.email,
      name: carol.name,
      role: 'admin',
    });
    expect((await adminStatus(admin, carol.email)).json()).toEqual({ admin: true });
    expect((await adminStatus(carol, carol.email)).json()).toEqual({ admin: true });
    const list = await injectAs(t.app, carol, { method: 'GET', url: '/api/user' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      _id: response.json()._id,
      email: carol.email,
      name: carol.name,
      role: 'admin',
    });
  });

  it('answers 403 to a customer and leaves the target a customer', async () => {
    const dave = await signUp(t.app, newAccountDetails('dave'));

    const bySomeoneElse = await promote(alice, dave.email);
    const byThemself = await promote(dave, dave.email);

    expect(bySomeoneElse.statusCode).toBe(403);
    expect(bySomeoneElse.json()).toEqual(adminsOnlyBody);
    expect(byThemself.statusCode).toBe(403);
    expect(byThemself.json()).toEqual(adminsOnlyBody);
    expect((await adminStatus(admin, dave.email)).json()).toEqual({ admin: false });
  });

  it('answers 401 to an anonymous caller and leaves the target a customer', async () => {
    const response = await promote(null, bob.email);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
    expect(await storedRole(bob.email)).toBe('customer');
  });

  it('answers 404 for an unknown e-mail', async () => {
    const response = await promote(admin, 'nobody-here@example.com');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(userNotFoundBody);
  });
});

describe('role escalation', () => {
  it('does not make an admin of a sign-up that asks for role "admin"', async () => {
    const details = newAccountDetails('mallory');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { ...details, role: 'admin' },
    });

    // Refusing the payload or ignoring the role are both fine; a server error or an admin are not.
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 200 && response.statusCode < 300) {
      expect(response.json().user.role).not.toBe('admin');
      // A sign-up gives no session: the admin asks about the new account instead.
      const asked = await adminStatus(admin, details.email);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ admin: false });
    } else {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect((await adminStatus(admin, details.email)).statusCode).toBe(404);
    }
  });

  it('does not let a customer make themself an admin through the account update endpoint', async () => {
    const erin = await signUp(t.app, newAccountDetails('erin'));

    const response = await injectAs(t.app, erin, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { role: 'admin' },
    });

    expect(response.statusCode).toBeLessThan(500);
    expect((await adminStatus(erin, erin.email)).json()).toEqual({ admin: false });
    expect(await storedRole(erin.email)).toBe('customer');
  });

  it('makes an admin of the ADMIN_EMAILS address, typed in other letter case, once it is verified', async () => {
    expect(adminSignUp.statusCode, adminSignUp.body).toBe(200);
    expect(adminSignUp.json().user).toMatchObject({ email: TEST_ADMIN_EMAIL, role: 'customer' });
    expect(adminRoleBeforeVerifying).toBe('customer');

    const own = await adminStatus(admin, TEST_ADMIN_EMAIL);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ admin: true });
  });
});
