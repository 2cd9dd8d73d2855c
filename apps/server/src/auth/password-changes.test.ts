import { describe, expect, it } from 'vitest';
import { accountMessages } from '@toolshop/shared/auth';
import { injectAs, newAccountDetails, ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

/** Decision 014: reset links and sessions when a password changes, and common passwords. */
const t = useTestApp({ seed: false });

let requests = 0;
/** Each call from its own address: this file changes passwords more often than one address may. */
function freshAddress(): string {
  requests += 1;
  return `10.250.${(requests >> 8) & 255}.${requests & 255}`;
}

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN },
    remoteAddress: freshAddress(),
    payload,
  });

/** Asks for a reset link and returns its token, as the mailed link hands it to the reset page. */
async function resetToken(email: string): Promise<string> {
  expect(
    (await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode,
  ).toBe(200);
  const text = (await t.mailer.last(email, /Reset your Toolshop password/)).text;
  const link = new URL(text.match(/https?:\/\/\S+\/api\/auth\/reset-password\S*/)![0]);
  const landing = await t.app.inject({ url: `${link.pathname}${link.search}` });
  return new URL(landing.headers.location as string, ORIGIN).searchParams.get('token')!;
}

const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

const reset = (token: string, newPassword: string) =>
  post('/api/auth/reset-password', { token, newPassword });

const changePassword = (account: TestAccount, newPassword: string, extra: object = {}) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/auth/change-password',
    remoteAddress: freshAddress(),
    payload: { currentPassword: account.password, newPassword, ...extra },
  });

/** A second browser signed in to the same account. */
async function otherSession(account: TestAccount): Promise<TestAccount> {
  const response = await signIn(account.email, account.password);
  expect(response.statusCode).toBe(200);
  return { ...account, cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

const isSignedIn = async (account: TestAccount) =>
  (await injectAs(t.app, account, { url: `/api/profile/${account.email}` })).statusCode === 200;

describe('older reset links', () => {
  it('stop working once a newer link is requested', async () => {
    const account = await signUp(t.app);
    const older = await resetToken(account.email);
    const newer = await resetToken(account.email);

    expect((await reset(older, 'older link password')).statusCode).toBe(400);
    expect((await reset(newer, 'newer link password')).statusCode).toBe(200);
    expect((await signIn(account.email, 'newer link password')).statusCode).toBe(200);
  });

  it('stop working after a reset, whichever link was used', async () => {
    const account = await signUp(t.app);
    const older = await resetToken(account.email);
    // A link asked for in another way (the sign-in page twice, say) must not survive the reset either.
    const newer = await resetToken(account.email);
    expect((await reset(newer, 'the owner reset this')).statusCode).toBe(200);

    expect((await reset(older, 'stolen link password')).statusCode).toBe(400);
    expect((await reset(newer, 'stolen link password')).statusCode).toBe(400);
    expect((await signIn(account.email, 'the owner reset this')).statusCode).toBe(200);
  });

  it('stop working after a password change', async () => {
    const account = await signUp(t.app);
    const link = await resetToken(account.email);

    expect((await changePassword(account, 'changed while signed in')).statusCode).toBe(200);

    expect((await reset(link, 'stolen link password')).statusCode).toBe(400);
    expect((await signIn(account.email, 'changed while signed in')).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('signs the account’s other sessions out and keeps the one that changed it signed in', async () => {
    const account = await signUp(t.app);
    const elsewhere = await otherSession(account);

    const response = await changePassword(account, 'a fresh password 7');

    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(elsewhere)).toBe(false);
    const here = { ...account, cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    expect(await isSignedIn(here)).toBe(true);
  });

  it('keeps the other sessions when the client asks to', async () => {
    const account = await signUp(t.app);
    const elsewhere = await otherSession(account);

    const response = await changePassword(account, 'a fresh password 8', { revokeOtherSessions: false });

    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(elsewhere)).toBe(true);
    expect(await isSignedIn(account)).toBe(true);
  });
});

describe('common passwords', () => {
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });
  const refused = { status: 400, message: accountMessages.passwordTooCommon };

  it('are refused on sign-up, whatever their case', async () => {
    expect(
      refusal(await post('/api/auth/sign-up/email', { ...newAccountDetails(), password: 'password1' })),
    ).toEqual(refused);
    expect(
      refusal(await post('/api/auth/sign-up/email', { ...newAccountDetails(), password: 'Qwerty123' })),
    ).toEqual(refused);
  });

  it('are refused on reset and on change, and the old password keeps working', async () => {
    const account = await signUp(t.app);
    expect(refusal(await reset(await resetToken(account.email), 'iloveyou'))).toEqual(refused);
    expect(refusal(await changePassword(account, 'football'))).toEqual(refused);

    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });
});
