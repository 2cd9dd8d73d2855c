import { describe, expect, it } from 'vitest';
import { accountMessages } from '@toolshop/shared/auth';
import { paths } from '@toolshop/shared/paths';
import { confirmationToken, cookieHeader, newAccountDetails, ORIGIN, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { postPageForm, type PageFormSender } from '../test/page-forms';
import { textOf } from '../test/page-text';

// The account pages' forms as a browser sends them before the page's scripts have run: a urlencoded POST
// of the page itself, answered by its route action, which calls Better Auth as the visitor.
const t = useTestApp({ webApp: true, seed: false });

let visitors = 0;
/** Each visitor from an address of its own: Better Auth limits its calls per address. */
function newVisitorAddress(): string {
  visitors += 1;
  return `10.251.${(visitors >> 8) & 255}.${visitors & 255}`;
}

const postPage = (url: string, fields: Record<string, string>, sender: PageFormSender = {}) =>
  postPageForm(t.app, url, fields, { remoteAddress: newVisitorAddress(), ...sender });

const sessionOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json<{
    user: { email: string };
  } | null>();

describe('account forms sent before the scripts run', () => {
  it('posts every form that carries a password, so that the password never goes in an address', async () => {
    const pages = [
      paths.login,
      paths.register,
      `${paths.verifyEmail}?token=t`,
      `${paths.resetPassword}?token=t`,
    ];
    for (const page of pages) {
      const html = (await t.app.inject({ url: page })).body;
      const forms = html.match(/<form[^>]*>[\s\S]*?<\/form>/g) ?? [];
      const withPassword = forms.filter((form) => form.includes('type="password"'));
      expect(withPassword, page).toHaveLength(1);
      expect(withPassword[0], page).toMatch(/^<form[^>]* method="post"/);
    }
  });

  it('signs in from the login form and goes on to the page a guard sent the visitor from', async () => {
    const account = await signUp(t.app);
    const signedIn = await postPage(`${paths.login}?redirectTo=${encodeURIComponent(paths.myOrders)}`, {
      email: account.email,
      password: account.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(302);
    expect(signedIn.headers.location).toBe(paths.myOrders);
    expect((await sessionOf(cookieHeader(signedIn)))?.user.email).toBe(account.email);
  });

  it('refuses a wrong password with the message, keeps the address typed, and signs no one in', async () => {
    const account = await signUp(t.app);
    const refused = await postPage(paths.login, { email: account.email, password: 'not the password' });
    expect(refused.statusCode).toBe(401);
    expect(textOf(refused.body)).toContain('Invalid email or password');
    expect(refused.body).toContain(`value="${account.email}"`);
    expect(refused.body).not.toContain('not the password');
    expect(refused.cookies.some((cookie) => cookie.value !== '')).toBe(false);
  });

  it("answers a form's own mistakes with the form's messages", async () => {
    const refused = await postPage(paths.login, { email: 'someone@example.com', password: '' });
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain('Password is Required');
  });

  it('signs no one in for a login form another site posts', async () => {
    const account = await signUp(t.app);
    const forged = await postPage(
      paths.login,
      { email: account.email, password: account.password },
      { origin: 'https://elsewhere.example' },
    );
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect(forged.cookies.some((cookie) => cookie.value !== '')).toBe(false);
  });

  it("limits sign-in attempts per visitor's address, not for every visitor at once", async () => {
    const account = await signUp(t.app);
    const guesser = newVisitorAddress();
    const guess = () =>
      postPage(paths.login, { email: account.email, password: 'a wrong guess' }, { remoteAddress: guesser });
    let answer = await guess();
    for (let tries = 1; answer.statusCode !== 429 && tries <= 20; tries += 1) answer = await guess();
    expect(answer.statusCode).toBe(429);
    expect(textOf(answer.body)).toContain('Too many attempts');

    const someoneElse = await postPage(paths.login, { email: account.email, password: account.password });
    expect(someoneElse.statusCode).toBe(302);
  });

  it('signs up, says to check the inbox, and the mailed link confirms the address with its own form', async () => {
    const details = newAccountDetails('form');
    const tooShort = await postPage(paths.register, { ...details, password: 'abc' });
    expect(tooShort.statusCode).toBe(400);
    expect(textOf(tooShort.body)).toContain('Must be 6 characters or longer');
    expect(tooShort.body).toContain(`value="${details.name}"`);
    expect(tooShort.body).toContain(`value="${details.email}"`);

    const signedUp = await postPage(paths.register, details);
    expect(signedUp.statusCode).toBe(200);
    expect(textOf(signedUp.body)).toContain(accountMessages.checkInbox);

    const token = await confirmationToken(t.app, details.email);
    const confirmed = await postPage(`${paths.verifyEmail}?token=${encodeURIComponent(token)}`, {
      password: details.password,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(textOf(confirmed.body)).toContain('Thank you: your e-mail address is confirmed.');

    const signedIn = await postPage(paths.login, { email: details.email, password: details.password });
    expect(signedIn.statusCode).toBe(302);
  });

  it('sets a new password from the mailed reset link', async () => {
    const account = await signUp(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: newVisitorAddress(),
      headers: { origin: ORIGIN },
      payload: { email: account.email, redirectTo: paths.resetPassword },
    });
    expect(asked.statusCode).toBe(200);
    const text = (await t.mailer.last(account.email, /Reset your Toolshop password/)).text;
    const link = new URL(text.match(/https?:\/\/\S+\/api\/auth\/reset-password\S*/)![0]);
    const landing = await t.app.inject({ url: `${link.pathname}${link.search}` });
    const page = new URL(landing.headers.location as string, ORIGIN);

    const mismatched = await postPage(`${page.pathname}${page.search}`, {
      password: 'a new password 1',
      confirmPassword: 'another one',
    });
    expect(mismatched.statusCode).toBe(400);
    expect(textOf(mismatched.body)).toContain('The passwords do not match');

    const changed = await postPage(`${page.pathname}${page.search}`, {
      password: 'a new password 1',
      confirmPassword: 'a new password 1',
    });
    expect(changed.statusCode).toBe(200);
    expect(textOf(changed.body)).toContain('Your password has been changed. Please log in.');
    expect(
      (await postPage(paths.login, { email: account.email, password: 'a new password 1' })).statusCode,
    ).toBe(302);
  });
});
