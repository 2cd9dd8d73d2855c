import { describe, expect, it } from 'vitest';
import { accountMessages } from '@toolshop/shared/auth';
import {
  confirmationToken,
  cookieHeader,
  injectAs,
  newAccountDetails,
  ORIGIN,
  postConfirmation,
  signIn,
} from '../test/accounts';
import { TEST_ADMIN_EMAIL, useTestApp } from '../test/build-test-app';

/**
 * Decision 014: an attacker who signs up someone else's address first gains nothing, whatever the
 * mailbox owner then does with the mails they get.
 */
const t = useTestApp({ seed: false });

const ATTACKER_PASSWORD = 'attacker secret 1';
const OWNER_PASSWORD = 'owner chose this 2';

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });

/** What the attacker can do with the password they chose: sign in, and reach anything with it. */
async function attackerAccess(email: string) {
  const response = await signIn(t.app, email, ATTACKER_PASSWORD);
  const asAttacker = { name: '', email, password: ATTACKER_PASSWORD, cookie: cookieHeader(response) };
  return {
    signIn: response.statusCode,
    admin: (await injectAs(t.app, asAttacker, { url: '/api/user' })).statusCode,
  };
}

async function attackerSignsUp(email: string) {
  const response = await post('/api/auth/sign-up/email', {
    name: 'Totally the owner',
    email,
    password: ATTACKER_PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  expect(response.cookies.find((cookie) => cookie.name.endsWith('session_token'))).toBeUndefined();
  expect((await attackerAccess(email)).signIn).toBe(403);
}

describe('signing up someone else’s address', () => {
  it('gives the attacker nothing when the owner clicks the mail, then signs up themselves', async () => {
    const email = TEST_ADMIN_EMAIL;
    await attackerSignsUp(email);

    // The owner opens the mail they got and types the only password they know: theirs.
    const attackersLink = await confirmationToken(t.app, email);
    expect((await postConfirmation(t.app, attackersLink, OWNER_PASSWORD)).statusCode).toBe(400);
    expect(await attackerAccess(email)).toMatchObject({ signIn: 403 });

    // So they sign up; the pending account is replaced and its old link is dead.
    expect(
      (await post('/api/auth/sign-up/email', { name: 'Owner', email, password: OWNER_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await postConfirmation(t.app, attackersLink, OWNER_PASSWORD)).statusCode).toBe(400);
    expect(
      (await postConfirmation(t.app, await confirmationToken(t.app, email), OWNER_PASSWORD)).statusCode,
    ).toBe(200);

    const attacker = await attackerAccess(email);
    expect(attacker.signIn).toBe(401);
    expect(attacker.admin).toBe(401);
    const owner = await signIn(t.app, email, OWNER_PASSWORD);
    expect(owner.statusCode).toBe(200);
    const asOwner = { name: 'Owner', email, password: OWNER_PASSWORD, cookie: cookieHeader(owner) };
    expect((await injectAs(t.app, asOwner, { url: '/api/user' })).statusCode).toBe(200);
  });

  it('gives the attacker nothing when the owner resets the password instead', async () => {
    const { email } = newAccountDetails('victim');
    await attackerSignsUp(email);

    expect(
      (await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode,
    ).toBe(200);
    const mail = await t.mailer.last(email, /Reset your Toolshop password/);
    expect(mail.text).not.toContain('Totally the owner');
    const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\S*/)![0]);
    const landing = await t.app.inject({ url: `${link.pathname}${link.search}` });
    const token = new URL(landing.headers.location as string, ORIGIN).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: OWNER_PASSWORD })).statusCode).toBe(
      200,
    );

    expect((await attackerAccess(email)).signIn).toBe(401);
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a pending sign-up when a later sign-up of its address fails any check', async () => {
    const { email, password } = newAccountDetails('pending');
    // Each from its own address: these are more sign-ups than one client may make in a minute.
    let client = 0;
    const signUpFrom = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        remoteAddress: `198.51.100.${++client}`,
        payload: { name: 'Pending', email, password, ...payload },
      });
    expect((await signUpFrom({})).statusCode).toBe(200);
    const firstLink = await confirmationToken(t.app, email);

    const failing = {
      'a too-short password': { password: 'abc' },
      'a too-long password': { password: 'x'.repeat(129) },
      'a too-common password': { password: 'password123' },
      'an empty name': { name: '   ' },
      'a name with control characters': { name: 'a\u0007b' },
      'a field of the wrong type': { rememberMe: 'yes' },
    };
    for (const [what, payload] of Object.entries(failing)) {
      const response = await signUpFrom(payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
    }
    // The first account is still there: its link is valid, only the password sent with it is not.
    const stillPending = await postConfirmation(t.app, firstLink, 'not-the-password');
    expect(stillPending.json().message).toBe(accountMessages.confirmationPasswordWrong);

    // A sign-up that passes every check still replaces it, as before.
    expect((await signUpFrom({ password: OWNER_PASSWORD })).statusCode).toBe(200);
    expect((await postConfirmation(t.app, firstLink, password)).statusCode).toBe(400);
    expect(
      (await postConfirmation(t.app, await confirmationToken(t.app, email), OWNER_PASSWORD)).statusCode,
    ).toBe(200);
  });
});
