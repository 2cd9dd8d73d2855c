import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { ORIGIN, injectAs, signIn, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// Two server processes on one PostgreSQL database behave as one shop (ARCHITECTURE §3): a write on one
// drops the other's cached catalogue, and whatever ends a session or changes a role on one holds on the
// other at once, because the session is read from the database on every request (one joined query).
const t = useTestApp({ secondInstance: true });

const onHandSeenBy = async (app: typeof t.app, id: string) =>
  ((await app.inject({ url: `/api/tools/${id}` })).json() as Tool).onHand;

describe('two server processes on one database', () => {
  it('a catalogue write on one reaches the other’s cache within moments of the commit', async () => {
    const admin = await signUpAdmin(t.app);
    const [tool] = (await t.otherApp.inject({ url: '/api/tools' })).json() as Tool[];
    expect(await onHandSeenBy(t.otherApp, tool!._id)).toBe(tool!.onHand);

    const restocked = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool!._id}`,
      payload: { restAvailableQuantity: tool!.onHand + 7 },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    await vi.waitFor(async () => expect(await onHandSeenBy(t.otherApp, tool!._id)).toBe(tool!.onHand + 7), {
      timeout: 2_000,
    });
  });

  it('a sign-out on one ends the session on the other at once', async () => {
    const customer = await signUp(t.app);
    const profile = (app: typeof t.app, account: TestAccount) =>
      injectAs(app, account, { url: `/api/profile/${account.email}` });
    expect((await profile(t.otherApp, customer)).statusCode).not.toBe(401);

    await injectAs(t.app, customer, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect((await profile(t.otherApp, customer)).statusCode).toBe(401);
  });

  it('a password reset on one ends every session on the other at once', async () => {
    const customer = await signUp(t.app);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: customer.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    const link = (await t.mailer.last(customer.email, /Reset your Toolshop password/)).text.match(
      /https?:\/\/\S+/,
    )![0];
    const landing = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    const token = new URL(landing.headers.location as string, ORIGIN).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a brand new password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await injectAs(t.otherApp, customer, { url: `/api/profile/${customer.email}` })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.otherApp, customer.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('a role change on one holds on the other at once, both ways', async () => {
    const admin = await signUpAdmin(t.app);
    const customer = await signUp(t.app);
    const listUsers = () => injectAs(t.otherApp, customer, { url: '/api/user' });
    expect((await listUsers()).statusCode).toBe(403);

    const promoted = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/user/admin/${customer.email}`,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await listUsers()).statusCode).toBe(200);

    const revoked = await injectAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/user/admin/${customer.email}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await listUsers()).statusCode).toBe(403);
  });
});
