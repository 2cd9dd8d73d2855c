import { beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Input a client can send that once made the server answer 500: each is a 400 in the error shape now.
const t = useTestApp({ seed: false });

let customer: TestAccount;
beforeAll(async () => {
  customer = await signUp(t.app);
});

describe('bad input never yields a 500', () => {
  it('refuses a small body of thousands of nested arrays (it overflowed the stack)', async () => {
    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(4000) + ']'.repeat(4000),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toEqual(expect.any(String));
  });

  it('refuses text with a NUL character, which PostgreSQL cannot store', async () => {
    const tool = await createTool(t.db);

    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool.id, quantity: 1, address: 'a\u0000b' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid_input',
      message: 'Text may not contain NUL characters.',
    });
  });

  it('refuses a quantity beyond any stock before it reaches the database', async () => {
    const tool = await createTool(t.db);

    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool.id, quantity: 3e9, address: 'Dock 1' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['body.quantity']).toBe('quantity error');
  });

  it('answers a malformed URL with a 400 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/tools/%E0%A4%A' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('builds Better Auth’s URLs from PUBLIC_URL, whatever Host header a client sends', async () => {
    const response = await t.app.inject({ url: '/api/auth/get-session', headers: { host: 'a b' } });

    expect(response.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('counts proxies: false trusts none, true one, a number that many; anything else is refused', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
