import { describe, expect, it } from 'vitest';
import { injectAs, newAccountDetails, ORIGIN, signIn, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

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

    const mail = t.mailer.last(details.email, /Confirm your e-mail/);
    expect(mail.text).toContain(details.name);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/);
    expect(mail.html).toContain('Confirm my e-mail');
  });
});
