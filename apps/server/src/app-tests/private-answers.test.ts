import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { keepPrivate, PRIVATE_ANSWER } from '../plugins/app/private-answers';
import { injectAs, ORIGIN, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { sampleUrl } from '../test/route-samples';

const t = useTestApp();

let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

/** The token of PUT /api/user/{email} is a credential: not even the caller's own cache keeps it. */
const expectedRule = (rule: string, as: string) =>
  rule === 'PUT /api/user/:email' && as === 'admin' ? 'no-store' : PRIVATE_ANSWER;

describe('answers behind sign-in carry a private cache rule', () => {
  it('sends it on every signed-in and admin route, to the admin and to an anonymous caller alike', async () => {
    const guarded = t.app.routeRules.filter((rule) => rule.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);

    const outcomes = [];
    for (const rule of guarded) {
      // The admin's own e-mail, so the reads of one's own orders, profile and token answer 200.
      const url = sampleUrl(rule.url.replace(':email', encodeURIComponent(admin.email)));
      const payload = ['POST', 'PUT', 'PATCH'].includes(rule.method) ? { payload: {} } : {};
      for (const account of [admin, null]) {
        const response = await injectAs(t.app, account, { method: rule.method as 'GET', url, ...payload });
        outcomes.push({
          rule: `${rule.method} ${rule.url}`,
          as: account ? 'admin' : 'anonymous',
          cacheControl: response.headers['cache-control'],
        });
      }
    }

    expect(outcomes).toEqual(
      guarded.flatMap((rule) =>
        ['admin', 'anonymous'].map((as) => ({
          rule: `${rule.method} ${rule.url}`,
          as,
          cacheControl: expectedRule(`${rule.method} ${rule.url}`, as),
        })),
      ),
    );
  });

  it.each([
    ['own orders', 'customer', (email: string) => `/api/order/${email}`],
    ['own profile', 'customer', (email: string) => `/api/profile/${email}`],
    ['admin status', 'customer', (email: string) => `/api/admin/${email}`],
    ['the users list', 'admin', () => '/api/user'],
    ['all orders', 'admin', () => '/api/order'],
    ['the CSV export', 'admin', () => '/api/order/export.csv'],
  ])('keeps %s private on a 200', async (_what, who, url) => {
    const account = who === 'admin' ? admin : customer;

    const response = await injectAs(t.app, account, { url: url(encodeURIComponent(account.email)) });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PRIVATE_ANSWER);
  });

  it('sends the bearer token of PUT /api/user/{email} with no-store', async () => {
    const response = await injectAs(t.app, customer, {
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(customer.email)}`,
      payload: { email: customer.email },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("sends Better Auth's session and sign-in answers with no-store", async () => {
    const session = await injectAs(t.app, customer, { url: '/api/auth/get-session' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: customer.email, password: customer.password },
    });

    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email: customer.email } });
    expect(session.headers['cache-control']).toBe('no-store');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ token: expect.any(String) });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});

describe('a rule a guarded route chose itself', () => {
  it.each([
    ['public, max-age=60', PRIVATE_ANSWER],
    ['max-age=60', PRIVATE_ANSWER],
    ['no-store', 'no-store'],
    ['private, max-age=60', 'private, max-age=60'],
  ])('%s is answered as %s', async (chosen, sent) => {
    const app = Fastify();
    app.get('/x', { onSend: keepPrivate(PRIVATE_ANSWER) }, (_request, reply) =>
      reply.header('cache-control', chosen).send('x'),
    );

    expect((await app.inject({ url: '/x' })).headers['cache-control']).toBe(sent);
    await app.close();
  });
});

describe('public reads keep their caching', () => {
  it.each(['/api/tools', '/api/review', '/api/config'])('%s: no-cache with an ETag', async (url) => {
    const response = await t.app.inject({ url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"/);
  });
});
