import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const SAMPLE_UUID = '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a';
const sampleUrl = (pattern: string) =>
  pattern
    .replace(/:email\b/g, encodeURIComponent(admin.email))
    .replace(/:[A-Za-z_]+/g, SAMPLE_UUID)
    .replace(/\*$/, 'anything');

/** The session token an API client sends as Bearer: the value of the session cookie. */
const bearerToken = (account: TestAccount) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(account.cookie)?.[1] ?? '');

const unsafeRules = () => t.app.routeRules.filter((rule) => rule.method !== 'GET');

describe('cross-site requests cannot act for a signed-in user', () => {
  it('refuses every unsafe route called with the victim cookie from a foreign origin', async () => {
    expect(unsafeRules().length).toBeGreaterThan(0);
    for (const rule of unsafeRules()) {
      const response = await injectAs(t.app, admin, {
        method: rule.method as 'POST',
        url: sampleUrl(rule.url),
        headers: { origin: 'http://evil.example' },
        payload: {},
      });
      expect(response.statusCode, `${rule.method} ${rule.url}`).toBe(403);
      expect(response.json().error.code).toBe('cross_site_request');
    }
  });

  it('refuses a cookie request without Origin whose Sec-Fetch-Site or Referer is foreign', async () => {
    const rule = { method: 'PUT', url: `/api/profile/${encodeURIComponent(admin.email)}` } as const;
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { referer: 'http://evil.example/page' }]) {
      const response = await t.app.inject({
        ...rule,
        headers: { cookie: admin.cookie, ...headers },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets same-origin and Bearer requests through to the route', async () => {
    for (const rule of unsafeRules()) {
      const url = sampleUrl(rule.url);
      const sameOrigin = await injectAs(t.app, admin, { method: rule.method as 'POST', url, payload: {} });
      const bearer = await t.app.inject({
        method: rule.method as 'POST',
        url,
        headers: { authorization: `Bearer ${bearerToken(admin)}`, origin: 'http://evil.example' },
        payload: {},
      });
      for (const response of [sameOrigin, bearer]) {
        expect(response.statusCode, `${rule.method} ${rule.url}`).not.toBe(500);
        if (response.statusCode === 403) expect(response.json().error.code).not.toBe('cross_site_request');
      }
    }
  });
});
