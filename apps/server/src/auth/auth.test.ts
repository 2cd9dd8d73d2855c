import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  injectAs,
  newAccountDetails,
  ORIGIN,
  signIn,
  signUp,
  verifyEmail,
} from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { resolveAuthSecret } from './secret';
import { parseEnv } from '../env';

const t = useTestApp({ seed: false });

const linkIn = (text: string, pathPart: string) => {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in: ${text}`);
  return new URL(link);
};

describe('sign-up', () => {
  it('creates a customer, signs them in with an httpOnly cookie and mails a verification link', async () => {
    const details = newAccountDetails();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { ...details, callbackURL: '/verify-email' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: details.name,
      email: details.email,
      role: 'customer',
      emailVerified: false,
    });
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();

    const mail = t.mailer.last(details.email, /Confirm your e-mail/);
    expect(mail.text).toContain(details.name);
    expect(mail.html).toContain('Confirm my e-mail');
    expect(linkIn(mail.text, '/api/auth/verify-email').origin).toBe('http://localhost:3000');
  });

  it('confirms the address through the mailed link and lands on the confirmation page', async () => {
    const account = await signUp(t.app);
    const link = linkIn(t.mailer.last(account.email, /Confirm/).text, '/api/auth/verify-email');

    const response = await t.app.inject({ url: `${link.pathname}${link.search}` });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/verify-email');
    const me = await injectAs(t.app, account, { url: '/api/auth/get-session' });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('sends a broken confirmation link to the confirmation page with an error', async () => {
    const response = await t.app.inject({
      url: '/api/auth/verify-email?token=forged&callbackURL=/verify-email',
    });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/verify-email\?error=/);
  });

  it('refuses a second account with the same e-mail, and a short password', async () => {
    const account = await signUp(t.app);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { ...newAccountDetails(), email: account.email },
    });
    expect(duplicate.statusCode).toBe(422);

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { ...newAccountDetails(), password: '12345' },
    });
    expect(short.statusCode).toBe(400);
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
      t.mailer.last(account.email, /Reset your Toolshop password/).text,
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
    const before = t.mailer.sent.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });

    expect(response.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });
});

describe('the session secret', () => {
  it('is generated once into DATA_DIR and reused after a restart', async () => {
    const env = parseEnv({ DATA_DIR: t.dataDir });

    const first = await resolveAuthSecret(env);
    const second = await resolveAuthSecret(env);

    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(await readFile(path.join(t.dataDir, 'secrets', 'auth-secret'), 'utf8')).toBe(first);
    expect(
      await resolveAuthSecret(parseEnv({ DATA_DIR: t.dataDir, BETTER_AUTH_SECRET: 'x'.repeat(32) })),
    ).toBe('x'.repeat(32));
  });
});

describe('ADMIN_EMAILS', () => {
  it('does not make an admin of someone who merely signs up with the address: only verifying it does', async () => {
    const claimant = await signUp(t.app, {
      name: 'Claimant',
      email: 'admin@toolshop.test',
      password: 'anything 123',
    });
    expect((await injectAs(t.app, claimant, { url: '/api/user' })).statusCode).toBe(403);

    await verifyEmail(t.app, claimant);

    expect((await injectAs(t.app, claimant, { url: '/api/user' })).statusCode).toBe(200);
  });
});
