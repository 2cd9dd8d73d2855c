import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_COOKIE } from '@toolshop/shared/cart';
import { injectAs, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

/**
 * Contract test of the session reader (decision 032), which checks Better Auth's session cookie by hand:
 * the cookie Better Auth itself signs must be read by ours without a call to Better Auth. Written against
 * Better Auth 1.7.25; when an upgrade changes the cookie's name, signature or encoding, this goes red
 * rather than every request quietly falling back to Better Auth's slower getSession.
 */
const BETTER_AUTH_VERSION = '1.7.25';

const t = useTestApp({ seed: false });

afterEach(() => vi.restoreAllMocks());

describe(`session reader against Better Auth ${BETTER_AUTH_VERSION}`, () => {
  it('is run against the Better Auth version it was written for', async () => {
    // The package's exports do not list its package.json: read it where npm installed it for the server.
    const manifest = new URL('../../node_modules/better-auth/package.json', import.meta.url);
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    expect(version).toBe(BETTER_AUTH_VERSION);
  });

  it('reads the session cookie Better Auth signed at sign-in, without asking Better Auth', async () => {
    const account = await signUp(t.app);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');

    const viewer = await t.app.readViewer({ cookie: account.cookie });

    expect(viewer).toMatchObject({ email: account.email, name: account.name, role: 'customer' });
    expect(getSession).not.toHaveBeenCalled();
  });

  it('answers requests that arrive together each with its own account, a signed-out one with nobody', async () => {
    const [first, second, third, gone] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    await injectAs(t.app, gone, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    const asking = [first, second, gone, third, first, second];

    // Sent in one turn, so they are read together (decision 072).
    const viewers = await Promise.all(asking.map((account) => t.app.readViewer({ cookie: account.cookie })));

    expect(viewers.map((viewer) => viewer?.email ?? null)).toEqual([
      first.email,
      second.email,
      null,
      third.email,
      first.email,
      second.email,
    ]);
  });

  it('leaves a cookie whose signature does not match to Better Auth, which refuses it', async () => {
    const account = await signUp(t.app);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    // The signature is what follows the value's last dot: change its first character.
    const at = account.cookie.lastIndexOf('.') + 1;
    const forged = `${account.cookie.slice(0, at)}${account.cookie[at] === 'A' ? 'B' : 'A'}${account.cookie.slice(at + 1)}`;

    await expect(t.app.readViewer({ cookie: forged })).resolves.toBeNull();
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('answers a visitor who sends only other cookies as signed out, without asking Better Auth', async () => {
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');

    await expect(
      t.app.readViewer({ cookie: `${CART_COOKIE}=visitor-token; theme=dark` }),
    ).resolves.toBeNull();
    expect(getSession).not.toHaveBeenCalled();
  });

  it('still leaves a session cookie sent with spaces around its name to Better Auth, which reads it', async () => {
    const account = await signUp(t.app);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    const spaced = account.cookie.replace('=', ' =');

    await expect(
      t.app.readViewer({ cookie: `${CART_COOKIE}=visitor-token; ${spaced}` }),
    ).resolves.toMatchObject({
      email: account.email,
    });
    expect(getSession).toHaveBeenCalledTimes(1);
  });
});
