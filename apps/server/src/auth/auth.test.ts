import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  injectAs,
  newAccountDetails,
  ORIGIN,
  signIn,
  confirmationToken,
  postConfirmation,
  signUp,
  type TestAccount,
} from '../test/accounts';
import { session, user } from '../db/schema';
import { accountMessages } from '@toolshop/shared/auth';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

const linkIn = (text: string, pathPart: string) => {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in: ${text}`);
  return new URL(link);
};

const signUpRequest = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload });

describe('sign-up', () => {
  it('creates an unverified customer with no session, and mails a confirmation link without the name', async () => {
    const details = newAccountDetails();
    const response = await signUpRequest(details);

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: details.email, emailVerified: false });
    expect(response.cookies.find((cookie) => cookie.name.endsWith('session_token'))).toBeUndefined();
    expect((await signIn(t.app, details.email, details.password)).statusCode).toBe(403);

    const mail = await t.mailer.last(details.email, /Confirm your e-mail/);
    expect(mail.text).not.toContain(details.name);
    expect(mail.text).toContain('valid for one hour');
    expect(linkIn(mail.text, '/verify-email').origin).toBe('http://localhost:3000');
  });

  it('confirms the address with the mailed link and the password, then signs in with an httpOnly cookie', async () => {
    const account = await signUp(t.app);

    const session = (await signIn(t.app, account.email, account.password)).cookies.find((cookie) =>
      cookie.name.endsWith('session_token'),
    );
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await injectAs(t.app, account, { url: '/api/auth/get-session' });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('refuses a forged link, a wrong password on a real one, and the link-only GET', async () => {
    const details = newAccountDetails();
    await signUpRequest(details);
    const token = await confirmationToken(t.app, details.email);

    expect((await postConfirmation(t.app, 'forged', details.password)).statusCode).toBe(400);
    const wrong = await postConfirmation(t.app, token, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.confirmationPasswordWrong);
    expect((await t.app.inject({ url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(404);
    expect((await signIn(t.app, details.email, details.password)).statusCode).toBe(403);
  });

  it('answers a taken address exactly like a new one and mails its owner instead', async () => {
    const account = await signUp(t.app);
    const duplicate = await signUpRequest({ ...newAccountDetails(), email: account.email });

    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json().user).toMatchObject({ email: account.email, emailVerified: false });
    expect(duplicate.cookies).toHaveLength(0);
    await t.mailer.last(account.email, /Someone tried to sign up/);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);

    expect((await signUpRequest({ ...newAccountDetails(), password: '12345' })).statusCode).toBe(400);
  });

  it('validates the name on sign-up and on update-user', async () => {
    const huge = await signUpRequest({ ...newAccountDetails(), name: 'x'.repeat(101) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(accountMessages.nameTooLong);
    const control = await signUpRequest({ ...newAccountDetails(), name: 'Eve\nClick here: evil.test' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe(accountMessages.nameInvalid);
    expect((await signUpRequest({ ...newAccountDetails(), name: '   ' })).statusCode).toBe(400);

    const account = await signUp(t.app);
    const update = (name: string) =>
      injectAs(t.app, account, { method: 'POST', url: '/api/auth/update-user', payload: { name } });
    expect((await update('y'.repeat(101))).statusCode).toBe(400);
    expect((await update('Tab\there')).statusCode).toBe(400);
    expect((await update('  Grace Hopper  ')).statusCode).toBe(200);

    // The profile form has no name: a name slipped into its body is dropped, never stored.
    const profile = await injectAs(t.app, account, {
      method: 'PUT',
      url: `/api/profile/${account.email}`,
      payload: {
        name: 'Eve\nClick here: evil.test',
        education: 'BSc',
        location: 'Cork',
        number: '0871234567',
        linkedIn: 'https://www.linkedin.com/in/example',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().name).toBe('Grace Hopper');
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password, and the session reaches guarded API calls by cookie or Bearer', async () => {
    const account = await signUp(t.app);

    const response = await signIn(t.app, account.email, account.password);

    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    const byCookie = await t.app.inject({ url: `/api/profile/${account.email}`, headers: { cookie } });
    expect(byCookie.statusCode).toBe(200);
    const byBearer = await t.app.inject({
      url: `/api/profile/${account.email}`,
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(byBearer.statusCode).toBe(200);
  });

  it('answers a wrong password with 401 and the provider message', async () => {
    const account = await signUp(t.app);

    const response = await signIn(t.app, account.email, 'not the password');

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
  });

  it('ends the session on sign-out', async () => {
    const account = await signUp(t.app);

    const out = await injectAs(t.app, account, { method: 'POST', url: '/api/auth/sign-out', payload: {} });

    expect(out.statusCode).toBe(200);
    const after = await injectAs(t.app, account, { url: `/api/profile/${account.email}` });
    expect(after.statusCode).toBe(401);
  });

  it('lets a Bearer token speak over a session cookie, as Better Auth does', async () => {
    const byCookie = await signUp(t.app);
    const byBearer = await signUp(t.app);
    const token = (await signIn(t.app, byBearer.email, byBearer.password)).json().token;

    const response = await t.app.inject({
      url: `/api/profile/${byBearer.email}`,
      headers: { cookie: byCookie.cookie, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('reads the first of two session cookies, as Better Auth does', async () => {
    const account = await signUp(t.app);
    const second = cookieHeader(await signIn(t.app, account.email, account.password));
    await injectAs(t.app, account, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    const profile = (cookie: string) =>
      t.app.inject({ url: `/api/profile/${account.email}`, headers: { cookie } });

    expect((await profile(`${account.cookie}; ${second}`)).statusCode).toBe(401);
    expect((await profile(`${second}; ${account.cookie}`)).statusCode).toBe(200);
  });

  it('refuses a session cookie whose signature is not the shop’s', async () => {
    const account = await signUp(t.app);
    const profile = (cookie: string) =>
      t.app.inject({ url: `/api/profile/${account.email}`, headers: { cookie } });
    const [name, value] = account.cookie.split(/=(.*)/s) as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    expect((await profile(account.cookie)).statusCode).toBe(200);

    // The real token, signed with another key; unsigned; and with the shop's signature cut short.
    const otherKey = createHmac('sha256', 'not the shop secret').update(token).digest('base64');
    expect((await profile(`${name}=${encodeURIComponent(`${token}.${otherKey}`)}`)).statusCode).toBe(401);
    expect((await profile(`${name}=${token}`)).statusCode).toBe(401);
    expect((await profile(`${name}=${value.slice(0, -6)}`)).statusCode).toBe(401);
  });

  it('ends a session past its time, and slides one that is in use forward', async () => {
    const expired = await signUp(t.app);
    const inUse = await signUp(t.app);
    const sessionOf = async (account: TestAccount) => {
      const [row] = await t.db
        .select({ id: session.id, expiresAt: session.expiresAt })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(user.email, account.email));
      return row!;
    };
    const dayMs = 24 * 60 * 60 * 1000;
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, (await sessionOf(expired)).id));
    // Signed in six days and a bit ago: the session has a day left, and is due for Better Auth's refresh.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + dayMs - 60_000) })
      .where(eq(session.id, (await sessionOf(inUse)).id));

    expect((await injectAs(t.app, expired, { url: `/api/profile/${expired.email}` })).statusCode).toBe(401);
    expect((await injectAs(t.app, inUse, { url: `/api/profile/${inUse.email}` })).statusCode).toBe(200);
    expect((await sessionOf(inUse)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * dayMs);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password, ends old sessions, and only the new password works', async () => {
    const account = await signUp(t.app);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: account.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);

    const link = linkIn(
      (await t.mailer.last(account.email, /Reset your Toolshop password/)).text,
      '/api/auth/reset-password',
    );
    const landing = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string, ORIGIN).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await injectAs(t.app, account, { url: `/api/profile/${account.email}` })).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address exactly like a known one, and mails nothing', async () => {
    await t.mailer.settled();
    const before = t.mailer.sent.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });

    expect(response.statusCode).toBe(200);
    await t.mailer.settled();
    expect(t.mailer.sent.length).toBe(before);
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes an admin only of the account whose password the mailbox owner confirmed', async () => {
    const owner = await signUp(t.app, {
      name: 'Owner',
      email: 'admin@toolshop.test',
      password: 'anything 123',
    });

    expect((await injectAs(t.app, owner, { url: '/api/user' })).statusCode).toBe(200);
  });
});
