import { beforeAll, describe, expect, it } from 'vitest';
import { inputMessages } from '@toolshop/shared/messages';
import { parseEnv } from '../env';
import { injectAs, newAccountDetails, ORIGIN, signUp, type TestAccount } from '../test/accounts';
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
      message: inputMessages.nulCharacter,
      fields: { 'body.address': inputMessages.nulCharacter },
    });
  });

  it('refuses text with a lone surrogate, naming the field (it made a whole batch of orders fail)', async () => {
    const tool = await createTool(t.db);
    // As the attack sends it: an escape in the JSON text, which JSON.parse turns into a lone surrogate.
    const order = (address: string) =>
      injectAs(t.app, customer, {
        method: 'POST',
        url: '/api/order',
        headers: { 'content-type': 'application/json' },
        payload: `{"toolId":"${tool.id}","quantity":1,"address":"${address}"}`,
      });

    for (const address of ['x\\udc00', 'x\\ud83d', 'x\\ude00\\ud83d']) {
      const response = await order(address);
      expect(response.statusCode, address).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid_input',
        message: inputMessages.illFormedText,
        fields: { 'body.address': inputMessages.illFormedText },
      });
    }
    // A pair is one character (😀), and welcome.
    expect((await order('Dock \\ud83d\\ude00')).statusCode).toBe(201);
  });

  it('refuses a lone surrogate in a key too, named well-formed', async () => {
    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity":1,"address":"Dock 1","x\\udc00":1}',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'body.x\ufffd': inputMessages.illFormedText });
  });

  it('refuses a lone surrogate in a sign-up before Better Auth sees it', async () => {
    const { email, password } = newAccountDetails();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: `{"name":"Eve\\udc00","email":"${email}","password":"${password}"}`,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'body.name': inputMessages.illFormedText });
  });

  it('gets no lone surrogate through a URL: Fastify leaves bad percent-escapes of a query undecoded and refuses them in a path', async () => {
    // %ED%B2%80 is U+DC00 encoded as UTF-8 would, were it allowed: not valid UTF-8, so never decoded.
    const search = await t.app.inject({ url: '/api/tools?q=%ED%B2%80' });
    expect(search.statusCode).toBe(200);

    const order = await injectAs(t.app, customer, { url: '/api/order/%ED%B2%80' });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.code).toBe('bad_request');
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
