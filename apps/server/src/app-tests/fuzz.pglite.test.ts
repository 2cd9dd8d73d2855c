import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// Requests generated from the app's own OpenAPI document (decision 013): whatever a client sends, the answer is
// never a 5xx, and every error is `{ error: { code, message } }`. PGlite only (the file name keeps it off
// the PostgreSQL project): the property is about input handling, not the database engine.
const t = useTestApp({ seed: false });

interface Operation {
  method: string;
  /** OpenAPI path, relative to /api, with `{name}` placeholders. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

type Schema = { properties?: Record<string, unknown>; parameters?: unknown };
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>
  >;
};

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
      const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      const bodySchema = Object.values(body?.content ?? {})[0]?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        queryParams: named('query'),
        bodyFields: Object.keys(bodySchema?.properties ?? {}),
      };
    }),
  );
}

// Far deeper than MAX_INPUT_DEPTH, and under every body limit (decision 034), so they reach the parser.
const DEPTH_BOMB = '['.repeat(2000) + ']'.repeat(2000);
const OBJECT_BOMB = '{"a":'.repeat(1200) + '1' + '}'.repeat(1200);

/** Values a careless or hostile client puts anywhere: wrong types, edge numbers, huge and odd text. */
const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    'a\u0000b',
    'x'.repeat(100_000),
    '../../etc/passwd',
    '%00',
    '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a',
    'admin@toolshop.test',
    '😀\uD800',
    '__proto__',
    [],
    {},
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 4 }),
);

/**
 * A generated value as a query string carries it. Not String(): a generated object may own a `toString`
 * or `valueOf` that is no function ({ "toString": 1 }), and String() then throws inside the generator.
 */
const asQueryValue = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

const pathSegment = fc.oneof(
  fc.constantFrom(
    '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a',
    '1',
    '-1',
    'null',
    '%00',
    'a%2Fb',
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);

/** A body for `operation`: its own fields with wrong or edge values, JSON of any shape, or malformed text. */
function bodyFor(operation: Operation): fc.Arbitrary<string | undefined> {
  const ownFields =
    operation.bodyFields.length > 0
      ? fc
          .record(Object.fromEntries(operation.bodyFields.map((field) => [field, edgeValue])), {
            requiredKeys: [],
          })
          .map((body) => JSON.stringify(body))
      : fc.constant('{}');
  return fc.oneof(
    { weight: 4, arbitrary: ownFields },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(DEPTH_BOMB, OBJECT_BOMB, '{', '', 'null', '{"__proto__":{"x":1}}'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  undefined,
);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function requestFor(operation: Operation, callers: fc.Arbitrary<TestAccount | null>) {
  return fc.record({
    caller: callers,
    method: fc.oneof({ weight: 5, arbitrary: fc.constant(operation.method) }, fc.constantFrom(...METHODS)),
    pathValues: fc.array(pathSegment, {
      minLength: operation.pathParams.length,
      maxLength: operation.pathParams.length,
    }),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom(...operation.queryParams, 'x'), fc.string({ maxLength: 8 })),
      fc.oneof(edgeValue.map(asQueryValue), fc.constant('')),
      { maxKeys: 4 },
    ),
    body: bodyFor(operation),
    contentType,
    extraHeaders: fc.dictionary(
      fc.constantFrom(
        'accept',
        'accept-encoding',
        'idempotency-key',
        'x-forwarded-for',
        'range',
        'if-none-match',
      ),
      fc.oneof(fc.string({ maxLength: 50 }), fc.constant('x'.repeat(8000))),
      { maxKeys: 3 },
    ),
  });
}

function urlOf(operation: Operation, pathValues: string[], query: Record<string, string>): string {
  let index = 0;
  const path = operation.path.replace(/\{\w+\}/g, () => pathValues[index++] ?? 'x');
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

const shopError = {
  error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
};
// Better Auth's calls (/auth/*) answer in its own documented shape, unless the shop's input guards refuse first.
const authError = expect.objectContaining({ message: expect.any(String) });

function expectNoServerError(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  path = '',
) {
  expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body) as { error?: unknown } | null;
    // Better Auth answers a method it does not serve with 404 and a JSON null (not an operation).
    if (path.startsWith('/auth/') && body === null && response.statusCode === 404) return;
    const shape = path.startsWith('/auth/') && !body?.error ? authError : shopError;
    expect(body, response.body.slice(0, 500)).toEqual(shape);
  }
}

let operations: Operation[];
let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

describe('requests generated from the OpenAPI document', () => {
  it('documents the API routes it fuzzes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(t.app.routeRules.length - 1);
  });

  it('answers a deeply nested JSON body with 400 wherever the caller may send one, Better Auth included', async () => {
    // Stripe's webhook reads the raw bytes and checks their signature (404 without Stripe keys).
    const unsafe = t.app.routeRules.filter(
      (rule) => rule.method !== 'GET' && rule.url !== '/api/stripe/webhook',
    );
    const mayCall = (access: string, caller: TestAccount | null) =>
      access === 'public' ||
      access === 'session-if-any' ||
      (access === 'signed-in' && caller !== null) ||
      caller === admin;
    const outcomes = [];
    const expected = [];
    for (const rule of unsafe) {
      for (const caller of [null, customer, admin]) {
        const response = await injectAs(t.app, caller, {
          method: rule.method as InjectOptions['method'],
          url: rule.url.replace(/:\w+/g, '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a'),
          headers: { 'content-type': 'application/json' },
          payload: DEPTH_BOMB,
        });
        outcomes.push({ ...rule, caller: caller?.email ?? null, status: response.statusCode });
        const status = mayCall(rule.access, caller) ? 400 : caller ? 403 : 401;
        expected.push({ ...rule, caller: caller?.email ?? null, status });
      }
    }
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out']) {
      const response = await injectAs(t.app, null, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: DEPTH_BOMB,
      });
      outcomes.push({ url, status: response.statusCode, body: response.json() });
      expected.push({
        url,
        status: 400,
        body: { error: { code: 'invalid_input', message: 'Input is nested too deeply.' } },
      });
    }

    expect(outcomes).toEqual(expected);
  });

  it('never answers 5xx, and every error is in its documented shape, for anyone calling anything', async () => {
    const callers = fc.constantFrom<TestAccount | null>(null, customer, admin);
    const request = fc
      .constantFrom(...operations)
      .chain((operation) => requestFor(operation, callers).map((parts) => ({ operation, ...parts })));

    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ operation, caller, method, pathValues, query, body, contentType, extraHeaders }) => {
          const response = await injectAs(t.app, caller, {
            method: method as InjectOptions['method'],
            url: urlOf(operation, pathValues, query),
            headers: { ...extraHeaders, ...(contentType ? { 'content-type': contentType } : {}) },
            ...(body === undefined ? {} : { payload: body }),
          });
          expectNoServerError(response, operation.path);
        },
      ),
      { numRuns: 1000, interruptAfterTimeLimit: 15_000 },
    );
  }, 60_000);
});
