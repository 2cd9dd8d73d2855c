import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, VISITOR_CART_DAYS, type Cart } from '@toolshop/shared/cart';
import { cookieHeader, ORIGIN, signIn, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { NEW_VISITOR_CARTS_PER_WINDOW } from './new-cart-limit';
import { VISITOR_CART_COOKIE } from './visitor-cookie';

const t = useTestApp({ seed: false });

let customer: TestAccount;
beforeAll(async () => {
  customer = await signUp(t.app);
});

let addressCounter = 0;
/** Each visitor of a test comes from an address of their own, clear of the new-cart limit. */
const newAddress = () => `192.0.2.${++addressCounter}`;

interface Caller {
  cookie?: string;
  authorization?: string;
  remoteAddress?: string;
}

const call = (
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: caller.remoteAddress ?? '192.0.2.250',
    headers: {
      origin: ORIGIN,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.authorization ? { authorization: caller.authorization } : {}),
    },
    ...(payload ? { payload } : {}),
  });
const add = (caller: Caller, toolId: string, quantity: number) =>
  call(caller, 'POST', '/api/cart/lines', { toolId, quantity });
const cartOf = async (caller: Caller): Promise<Cart> => {
  const response = await call(caller, 'GET', '/api/cart');
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json());
};
const visitorCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === VISITOR_CART_COOKIE);

/** A visitor who has added `toolId`: the cookie their browser now holds. */
async function visitorWith(toolId: string, quantity: number): Promise<Caller> {
  const remoteAddress = newAddress();
  const added = await add({ remoteAddress }, toolId, quantity);
  expect(added.statusCode, added.body).toBe(200);
  return { remoteAddress, cookie: `${VISITOR_CART_COOKIE}=${visitorCookieOf(added)!.value}` };
}

describe('a visitor’s cart behind the httpOnly cookie', () => {
  it('makes no cart and sets no cookie on a read; the first add sets the cookie that keeps the cart', async () => {
    const wrench = await createTool(t.db, { name: 'Cart wrench', priceCents: 1999, onHand: 10 });
    const remoteAddress = newAddress();

    const empty = await call({ remoteAddress }, 'GET', '/api/cart');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ lines: [], lineCount: 0, totalCents: 0 });
    expect(empty.headers['set-cookie']).toBeUndefined();
    expect(empty.headers['cache-control']).toBe('private, no-store');

    const added = await add({ remoteAddress }, wrench.id, 3);
    expect(added.statusCode, added.body).toBe(200);
    const cookie = visitorCookieOf(added)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: VISITOR_CART_DAYS * 24 * 60 * 60,
    });
    expect(cookie.secure).toBeUndefined();

    const visitor = { remoteAddress, cookie: `${VISITOR_CART_COOKIE}=${cookie.value}` };
    expect(await cartOf(visitor)).toMatchObject({
      lines: [{ toolId: wrench.id, name: 'Cart wrench', quantity: 3, lineTotalCents: 5997 }],
      lineCount: 1,
      subtotalCents: 5997,
      totalCents: 5997,
      readyForCheckout: true,
    });
    // Someone else (no cookie, or another visitor's) sees none of it.
    expect((await cartOf({ remoteAddress })).lines).toEqual([]);
  });

  it('changes and removes lines, renewing the cookie it was given', async () => {
    const pliers = await createTool(t.db, { minimumOrder: 2, onHand: 20 });
    const visitor = await visitorWith(pliers.id, 2);

    const changed = await call(visitor, 'PATCH', `/api/cart/lines/${pliers.id}`, { quantity: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Cart>().lines[0]!.quantity).toBe(5);
    expect(`${VISITOR_CART_COOKIE}=${visitorCookieOf(changed)!.value}`).toBe(visitor.cookie);

    const removed = await call(visitor, 'DELETE', `/api/cart/lines/${pliers.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ lines: [], lineCount: 0 });
    expect((await cartOf(visitor)).lines).toEqual([]);
  });

  it('refuses each bound with a clear 4xx and changes nothing', async () => {
    const pliers = await createTool(t.db, { minimumOrder: 2, onHand: 4 });
    const visitor = await visitorWith(pliers.id, 2);

    const belowMinimum = await call(visitor, 'PATCH', `/api/cart/lines/${pliers.id}`, { quantity: 1 });
    expect(belowMinimum.statusCode).toBe(400);
    expect(belowMinimum.json()).toMatchObject({ error: { fields: { 'body.quantity': 'quantity error' } } });
    const beyondStock = await call(visitor, 'PATCH', `/api/cart/lines/${pliers.id}`, { quantity: 5 });
    expect(beyondStock.statusCode).toBe(409);
    expect(beyondStock.json()).toMatchObject({ error: { code: 'insufficient_stock' } });
    const notANumber = await add(visitor, pliers.id, 'two' as unknown as number);
    expect(notANumber.statusCode).toBe(400);
    const unknownTool = await add(visitor, '00000000-0000-4000-8000-000000000000', 1);
    expect(unknownTool.statusCode).toBe(404);
    const notAnId = await call(visitor, 'PATCH', '/api/cart/lines/not-a-tool', { quantity: 2 });
    expect(notAnId.statusCode).toBe(404);
    const notInCart = await call(visitor, 'PATCH', `/api/cart/lines/${(await createTool(t.db)).id}`, {
      quantity: 2,
    });
    expect(notInCart.statusCode).toBe(404);

    expect((await cartOf(visitor)).lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('answers an add posted as a multipart form with 415 and makes no cart (only uploads parse one)', async () => {
    const pliers = await createTool(t.db);
    const boundary = '----toolshop';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      remoteAddress: newAddress(),
      headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="toolId"',
        '',
        pliers.id,
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(visitorCookieOf(response)).toBeUndefined();
  });

  it('limits new visitor carts per address (429), not the carts visitors already have', async () => {
    const tool = await createTool(t.db, { onHand: 1000 });
    const remoteAddress = newAddress();
    let first: Caller | undefined;
    for (let i = 0; i < NEW_VISITOR_CARTS_PER_WINDOW; i += 1) {
      const added = await add({ remoteAddress }, tool.id, 1);
      expect(added.statusCode, added.body).toBe(200);
      first ??= { remoteAddress, cookie: `${VISITOR_CART_COOKIE}=${visitorCookieOf(added)!.value}` };
    }

    const flooded = await add({ remoteAddress }, tool.id, 1);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ error: { code: 'too_many_carts' } });
    expect(visitorCookieOf(flooded)).toBeUndefined();
    // A visitor who already has a cart keeps using it; another address starts its own.
    expect((await add(first!, tool.id, 1)).statusCode).toBe(200);
    expect((await add({ remoteAddress: newAddress() }, tool.id, 1)).statusCode).toBe(200);
  });
});

describe('an account’s cart', () => {
  it('follows the account: added with a Bearer token, read with the session cookie, no visitor cookie', async () => {
    const account = await signUp(t.app);
    const token = (
      await call({ cookie: account.cookie }, 'PUT', `/api/user/${account.email}`, {
        email: account.email,
      })
    ).json<{ token: string }>().token;
    const drill = await createTool(t.db, { priceCents: 4500, onHand: 5 });

    const added = await add({ authorization: `Bearer ${token}` }, drill.id, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(visitorCookieOf(added)).toBeUndefined();

    expect(await cartOf({ cookie: account.cookie })).toMatchObject({
      lines: [{ toolId: drill.id, quantity: 2 }],
      totalCents: 9000,
    });
    expect((await cartOf({})).lines).toEqual([]);
  });
});

describe('signing in merges the visitor’s cart (decision 048)', () => {
  it('moves the visitor’s lines into the account’s cart through the real sign-in and drops the cookie', async () => {
    const saw = await createTool(t.db, { onHand: 6 });
    const file = await createTool(t.db, { onHand: 50 });
    await add({ cookie: customer.cookie }, saw.id, 4);
    const visitor = await visitorWith(saw.id, 5);
    expect((await add(visitor, file.id, 3)).statusCode).toBe(200);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: newAddress(),
      headers: { origin: ORIGIN, cookie: visitor.cookie! },
      payload: { email: customer.email, password: customer.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(visitorCookieOf(signedIn)).toMatchObject({ value: '', maxAge: 0 });

    // The same tool's units added, capped by what is available; the new tool joins.
    const session = { cookie: cookieHeader(signedIn) };
    expect((await cartOf(session)).lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [saw.id, 6],
      [file.id, 3],
    ]);
    // The visitor's cart is gone: its old cookie reads an empty cart.
    expect((await cartOf({ cookie: visitor.cookie })).lines).toEqual([]);
  });

  it('leaves the account’s cart alone when the signing-in browser has no visitor cart', async () => {
    const hammer = await createTool(t.db, { onHand: 6 });
    const account = await signUp(t.app);
    await add({ cookie: account.cookie }, hammer.id, 2);

    const signedIn = await signIn(t.app, account.email, account.password);
    expect(signedIn.statusCode).toBe(200);
    expect(visitorCookieOf(signedIn)).toBeUndefined();
    expect((await cartOf({ cookie: cookieHeader(signedIn) })).lines.map((line) => line.quantity)).toEqual([
      2,
    ]);
  });
});
