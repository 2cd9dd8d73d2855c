import { isDeepStrictEqual } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf, SECURITY_SCHEMES } from '../plugins/app/api-operations';
import { signIn, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// What the standard OpenAPI tools say of /api/docs/json (decision 041).
const t = useTestApp({ seed: false });

type Operation = { operationId: string; tags: string[]; security?: object[] };
let document: {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string }[];
  components: { securitySchemes: Record<string, { in?: string; name?: string }> };
};
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  document = (await t.app.inject({ url: '/api/docs/json' })).json();
});

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("has no error and no warning under Spectral's spectral:oas ruleset", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas as RulesetDefinition] });
    const results = await spectral.run(JSON.stringify(document));

    expect(
      results
        .filter((result) => result.severity <= 1)
        .map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`),
    ).toEqual([]);
  });

  it('declares every tag its operations use, and no path twice as one template', () => {
    const declared = new Set(document.tags.map((tag) => tag.name));
    expect(operations().filter(({ operation }) => !operation.tags.every((tag) => declared.has(tag)))).toEqual(
      [],
    );
    const templates = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(templates.length).toBe(new Set(templates).size);
    expect(JSON.stringify(document)).not.toContain('Default Response');
  });

  it('says which credentials each route needs, as its access rule declares', () => {
    const byId = new Map(operations().map(({ operation }) => [operation.operationId, operation]));
    const described = t.app.routeRules.map(({ method, url, access }) => {
      const operation = byId.get(operationIdOf(method, url));
      const security = operation?.security?.map((requirement) => Object.keys(requirement).join() || 'none');
      return { route: `${method} ${url}`, access, security: security ?? 'undocumented' };
    });
    const credentials = [SECURITY_SCHEMES.session, SECURITY_SCHEMES.bearer];
    const expected = {
      public: [],
      'session-if-any': ['none', ...credentials],
      'signed-in': credentials,
      admin: credentials,
    };

    expect(
      described.filter(({ access, security }) => !isDeepStrictEqual(security, expected[access])),
    ).toEqual([]);
  });

  it('names the session cookie that signing in sets', async () => {
    const account = await signUp(t.app);
    const { cookies } = await signIn(t.app, account.email, account.password);
    const { sessionCookie } = document.components.securitySchemes;

    expect(sessionCookie).toMatchObject({ in: 'cookie' });
    expect(cookies.map((cookie) => cookie.name)).toContain(sessionCookie!.name);
  });

  it('describes the /api/auth calls and not the pages at the root', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/auth/sign-up/email',
        '/auth/confirm-email',
        '/auth/sign-in/email',
        '/auth/sign-out',
        '/auth/request-password-reset',
        '/auth/reset-password',
      ]),
    );
    expect(Object.keys(document.paths).filter((path) => /sitemap|robots/.test(path))).toEqual([]);
  });
});
