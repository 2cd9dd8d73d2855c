import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../auth/auth';
import { accessPlugin, type RouteRule } from '../plugins/app/access';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { sampleUrl } from '../test/route-samples';

const t = useTestApp({ seed: false });

let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
});

/** Calls the route of `rule` as `account` with a body fitting its method; the access check runs before it is read. */
function callRule(account: TestAccount | null, rule: RouteRule) {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(rule.method);
  return injectAs(t.app, account, {
    method: rule.method as 'GET',
    url: sampleUrl(rule.url),
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('the authorization table (every /api route with its access rule)', () => {
  it('lists every /api route once with its rule, exactly as reviewed', () => {
    const rules = t.app.routeRules;

    // The whole table: relaxing, adding or dropping any rule fails here until the snapshot is reviewed.
    const table = rules
      .map((rule) => `${rule.access.padEnd(14)} ${rule.method.padEnd(6)} ${rule.url}`)
      .sort();
    expect(table).toMatchInlineSnapshot(`
      [
        "admin          DELETE /api/categories/:id",
        "admin          DELETE /api/review/:id",
        "admin          DELETE /api/tools/:id",
        "admin          DELETE /api/user/admin/:email",
        "admin          GET    /api/admin/activity",
        "admin          GET    /api/admin/overview",
        "admin          GET    /api/admin/product-reviews",
        "admin          GET    /api/order",
        "admin          GET    /api/order/export.csv",
        "admin          GET    /api/user",
        "admin          PATCH  /api/order/:id/delivery",
        "admin          PATCH  /api/tools/:id",
        "admin          POST   /api/categories",
        "admin          POST   /api/order/:id/ship",
        "admin          POST   /api/product-reviews/:id/hide",
        "admin          POST   /api/tools",
        "admin          PUT    /api/categories/:id",
        "admin          PUT    /api/categories/order",
        "admin          PUT    /api/settings/shipping",
        "admin          PUT    /api/tools/:id",
        "admin          PUT    /api/tools/:id/images",
        "admin          PUT    /api/user/admin/:email",
        "public         GET    /api/categories",
        "public         GET    /api/config",
        "public         GET    /api/health",
        "public         GET    /api/images/:file",
        "public         GET    /api/review",
        "public         GET    /api/settings/shipping",
        "public         GET    /api/tools",
        "public         GET    /api/tools/:id",
        "public         GET    /api/tools/:id/related",
        "public         GET    /api/tools/:id/reviews",
        "public         GET    /api/tools/facets",
        "public         POST   /api/stripe/webhook",
        "session-if-any DELETE /api/cart/lines/:toolId",
        "session-if-any GET    /api/cart",
        "session-if-any PATCH  /api/cart/lines/:toolId",
        "session-if-any POST   /api/cart/lines",
        "signed-in      DELETE /api/order/:id",
        "signed-in      GET    /api/admin/:email",
        "signed-in      GET    /api/checkout",
        "signed-in      GET    /api/order/:email",
        "signed-in      GET    /api/order/:id/detail",
        "signed-in      GET    /api/payment/:id",
        "signed-in      GET    /api/profile/:email",
        "signed-in      GET    /api/tools/:id/reviews/mine",
        "signed-in      POST   /api/checkout",
        "signed-in      POST   /api/order",
        "signed-in      POST   /api/order/:id/buy-again",
        "signed-in      POST   /api/payment/:id/demo",
        "signed-in      POST   /api/payment/:id/intent",
        "signed-in      POST   /api/product-reviews/:id/helpful",
        "signed-in      POST   /api/review",
        "signed-in      POST   /api/tools/:id/reviews",
        "signed-in      POST   /api/uploads",
        "signed-in      PUT    /api/profile/:email",
        "signed-in      PUT    /api/user/:email",
      ]
    `);
    for (const rule of rules) {
      expect(rule.url.startsWith('/api/')).toBe(true);
      expect(['public', 'session-if-any', 'signed-in', 'admin']).toContain(rule.access);
      expect(rule.method).not.toBe('HEAD');
      expect(rule.url).not.toMatch(/^\/api\/(auth|docs)/);
    }
    const keys = rules.map((rule) => `${rule.method} ${rule.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers 401 "unauthorized" to an anonymous call of every signed-in and admin route', async () => {
    const guarded = t.app.routeRules.filter((rule) => rule.access === 'signed-in' || rule.access === 'admin');
    expect(guarded.length).toBeGreaterThan(0);

    const outcomes = [];
    for (const rule of guarded) {
      const response = await callRule(null, rule);
      outcomes.push({ ...rule, status: response.statusCode, body: response.json() });
    }

    expect(outcomes).toEqual(
      guarded.map((rule) => ({
        ...rule,
        status: 401,
        body: { error: { code: 'unauthorized', message: expect.any(String) } },
      })),
    );
  });

  it('answers 403 "forbidden" to a signed-in customer calling any admin route', async () => {
    const adminOnly = t.app.routeRules.filter((rule) => rule.access === 'admin');
    expect(adminOnly.length).toBeGreaterThan(0);

    const outcomes = [];
    for (const rule of adminOnly) {
      const response = await callRule(customer, rule);
      outcomes.push({ ...rule, status: response.statusCode, body: response.json() });
    }

    expect(outcomes).toEqual(
      adminOnly.map((rule) => ({
        ...rule,
        status: 403,
        body: { error: { code: 'forbidden', message: expect.any(String) } },
      })),
    );
  });
});

describe('declaring access rules', () => {
  /** A bare app with the access plugin and one route, GET /api/x; loaded when `ready()` is awaited. */
  function buildWithRoute(config: { access?: 'public' } | undefined) {
    const app = Fastify({ logger: false });
    // The access plugin only calls auth for requests; building needs the decoration to exist.
    app.decorate('auth', {} as Auth);
    void app.register(accessPlugin);
    void app.register(
      async (api) => {
        api.get('/x', config ? { config } : {}, async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    return app;
  }

  it('refuses to start an app with an /api route that declares no config.access, naming the route', async () => {
    const app = buildWithRoute(undefined);

    await expect(app.ready()).rejects.toThrow('GET /api/x declares no config.access rule');
    await app.close();
  });

  it('starts an app whose /api routes all declare config.access, and lists them', async () => {
    const app = buildWithRoute({ access: 'public' });

    await app.ready();

    expect(app.routeRules).toEqual([{ method: 'GET', url: '/api/x', access: 'public' }]);
    expect((await app.inject({ method: 'GET', url: '/api/x' })).json()).toEqual({ ok: true });
    await app.close();
  });
});

describe('GET /api/config', () => {
  it('tells an anonymous visitor that Google sign-in is off when it is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleSignIn: false, payments: { mode: 'demo' } });
  });
});
