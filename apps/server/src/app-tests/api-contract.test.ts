import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { contractOf, recordingInject, type Contract, type Exchange } from '../test/api-contract';
import {
  confirmationToken,
  cookieHeader,
  newAccountDetails,
  ORIGIN,
  signUp,
  signUpAdmin,
  type TestAccount,
} from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Every answer below is held to /api/docs/json (decision 041): status, media type and body.
const t = useTestApp();
const exchanges: Exchange[] = [];
let contract: Contract;
let call: ReturnType<typeof recordingInject>;
let customer: TestAccount;
let admin: TestAccount;
let addressCounter = 0;

type Call = InjectOptions & { method: string; url: string };

/** A call as `account` (cookie), or as a visitor; each from its own address, clear of rate limits. */
function as(account: TestAccount | null, options: Call) {
  addressCounter += 1;
  return call({
    remoteAddress: `10.41.${addressCounter >> 8}.${addressCounter & 255}`,
    ...options,
    headers: { origin: ORIGIN, ...options.headers, ...(account ? { cookie: account.cookie } : {}) },
  });
}

/** The problems of the exchanges recorded since `from`. */
const problemsSince = (from: number) => exchanges.slice(from).flatMap((each) => contract.problems(each));

/** A multipart/form-data body as a browser sends it. */
async function imageForm(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const ids = { tool: '', order: '', review: '', file: '' };

beforeAll(async () => {
  contract = contractOf((await t.app.inject({ url: '/api/docs/json' })).json());
  call = recordingInject(t.app, exchanges);
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

describe('the API answers as its OpenAPI document says', () => {
  it('for the auth calls an API client starts with', async () => {
    const from = exchanges.length;
    const details = newAccountDetails('contract');
    const post = (url: string, payload?: object, account: TestAccount | null = null) =>
      as(account, { method: 'POST', url, ...(payload ? { payload } : {}) });

    expect((await post('/api/auth/sign-up/email', details)).statusCode).toBe(200);
    expect((await post('/api/auth/confirm-email', { token: 'forged', password: 'x' })).statusCode).toBe(400);
    const token = await confirmationToken(t.app, details.email);
    expect((await post('/api/auth/confirm-email', { token, password: details.password })).statusCode).toBe(
      200,
    );
    const wrong = await post('/api/auth/sign-in/email', { email: details.email, password: 'not the one 1' });
    expect(wrong.statusCode).toBe(401);
    await post('/api/auth/request-password-reset', { email: details.email, redirectTo: '/reset-password' });
    const mail = (await t.mailer.last(details.email, /Reset your Toolshop password/)).text;
    const link = new URL(mail.match(/https?:\/\/\S+\/api\/auth\/reset-password\S*/)![0]);
    // The mailed link is a page's address, not an API call: it hands the token to the reset page.
    const landing = await t.app.inject({ url: `${link.pathname}${link.search}` });
    const resetToken = new URL(landing.headers.location as string, ORIGIN).searchParams.get('token')!;
    const newPassword = 'a brand new passphrase';
    await post('/api/auth/reset-password', { token: resetToken, newPassword });
    const signedIn = await post('/api/auth/sign-in/email', { email: details.email, password: newPassword });
    expect(signedIn.statusCode).toBe(200);
    const account = { ...details, password: newPassword, cookie: cookieHeader(signedIn) };
    await as(account, { method: 'GET', url: '/api/auth/get-session' });
    await as(null, { method: 'GET', url: '/api/auth/get-session' });
    expect((await post('/api/auth/sign-out', {}, account)).statusCode).toBe(200);

    expect(exchanges.length - from).toBe(10);
    expect(problemsSince(from)).toEqual([]);
  });

  it('for a representative call of each write, and its refusals', async () => {
    const from = exchanges.length;
    ids.tool = (await createTool(t.db, { minimumOrder: 1 })).id;
    const uploaded = await as(customer, { method: 'POST', url: '/api/uploads', ...(await imageForm()) });
    expect(uploaded.statusCode).toBe(201);
    const img: string = uploaded.json().data.url;
    ids.file = img.split('/').pop()!;

    const order = { toolId: ids.tool, quantity: 1, address: '1 Contract Lane' };
    expect((await as(null, { method: 'POST', url: '/api/order', payload: order })).statusCode).toBe(401);
    const placed = await as(customer, { method: 'POST', url: '/api/order', payload: order });
    expect(placed.statusCode, placed.body).toBe(201);
    ids.order = placed.json()._id;
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    const paid = await as(customer, { method: 'POST', url: `/api/payment/${ids.order}/demo`, payload: card });
    expect(paid.statusCode).toBe(200);
    await as(customer, { method: 'POST', url: `/api/payment/${ids.order}/intent` });
    await as(customer, { method: 'POST', url: `/api/order/${ids.order}/buy-again` });
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    await as(admin, { method: 'POST', url: `/api/order/${ids.order}/ship`, payload: shipment });
    await as(admin, { method: 'PATCH', url: `/api/order/${ids.order}/delivery` });
    const unpaid = (await as(customer, { method: 'POST', url: '/api/order', payload: order })).json()._id;
    await as(customer, { method: 'DELETE', url: `/api/order/${unpaid}` });

    const line = { toolId: ids.tool, quantity: 1 };
    expect((await as(null, { method: 'POST', url: '/api/cart/lines', payload: line })).statusCode).toBe(200);
    await as(customer, { method: 'POST', url: '/api/cart/lines', payload: { ...line, quantity: 0 } });
    await as(customer, { method: 'POST', url: '/api/cart/lines', payload: line });
    await as(customer, { method: 'PATCH', url: `/api/cart/lines/${ids.tool}`, payload: { quantity: 2 } });
    const shipTo = { address: '1 Contract Lane' };
    const repriced = { ...shipTo, lines: [{ ...line, seenPriceCents: 1 }] };
    const refusedCheckout = await as(customer, { method: 'POST', url: '/api/checkout', payload: repriced });
    expect(refusedCheckout.statusCode).toBe(409);
    await as(customer, { method: 'POST', url: '/api/cart/lines', payload: line });
    const checkedOut = await as(customer, { method: 'POST', url: '/api/checkout', payload: shipTo });
    expect(checkedOut.statusCode, checkedOut.body).toBe(201);
    await as(customer, { method: 'DELETE', url: `/api/cart/lines/${ids.tool}` });
    await as(customer, { method: 'PATCH', url: `/api/cart/lines/${ids.tool}`, payload: { quantity: 2 } });

    expect((await as(customer, { method: 'POST', url: '/api/review', payload: {} })).statusCode).toBe(400);
    const review = { ratings: 5, description: 'Exactly what the document says.' };
    const added = await as(customer, { method: 'POST', url: '/api/review', payload: review });
    ids.review = added.json()._id;
    const doomed = (await as(customer, { method: 'POST', url: '/api/review', payload: review })).json()._id;
    await as(admin, { method: 'DELETE', url: `/api/review/${doomed}` });

    // The customer paid an order of ids.tool above: they may review it.
    const toolReviews = `/api/tools/${ids.tool}/reviews`;
    expect((await as(customer, { method: 'POST', url: toolReviews, payload: {} })).statusCode).toBe(400);
    const rated = await as(customer, {
      method: 'POST',
      url: toolReviews,
      payload: { rating: 4, body: 'Fine.' },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    await as(customer, { method: 'POST', url: toolReviews, payload: { rating: 5, body: 'Better.' } });
    await as(admin, { method: 'POST', url: `/api/product-reviews/${rated.json()._id}/helpful` });
    await as(admin, { method: 'POST', url: `/api/product-reviews/${rated.json()._id}/hide`, payload: {} });
    const hideReview = { reason: 'A contract probe' };
    await as(admin, {
      method: 'POST',
      url: `/api/product-reviews/${rated.json()._id}/hide`,
      payload: hideReview,
    });

    const shipping = { shippingFeeCents: 795, freeShippingFromCents: 10_000 };
    await as(admin, { method: 'PUT', url: '/api/settings/shipping', payload: { shippingFeeCents: -1 } });
    await as(admin, { method: 'PUT', url: '/api/settings/shipping', payload: shipping });

    const kind = { name: `Contract kind ${Date.now()}`, description: 'A probe category.' };
    await as(admin, { method: 'POST', url: '/api/categories', payload: { ...kind, name: '' } });
    const category = (await as(admin, { method: 'POST', url: '/api/categories', payload: kind })).json();
    await as(admin, { method: 'PUT', url: `/api/categories/${category._id}`, payload: kind });
    const listed: { _id: string }[] = (await as(null, { method: 'GET', url: '/api/categories' })).json();
    const inOrder = { order: listed.map((c) => c._id) };
    await as(admin, {
      method: 'PUT',
      url: '/api/categories/order',
      payload: { order: inOrder.order.slice(1) },
    });
    await as(admin, { method: 'PUT', url: '/api/categories/order', payload: inOrder });
    await as(admin, { method: 'DELETE', url: `/api/categories/${category._id}` });

    const tool = { name: `Contract probe ${Date.now()}`, price: 9.5, img, description: 'A probe.' };
    const product = { ...tool, availableQuantity: 10, minimumOrder: 1 };
    expect((await as(customer, { method: 'POST', url: '/api/tools', payload: product })).statusCode).toBe(
      403,
    );
    const created = await as(admin, { method: 'POST', url: '/api/tools', payload: product });
    expect(created.statusCode).toBe(201);
    const probe = `/api/tools/${created.json()._id}`;
    await as(admin, { method: 'PUT', url: probe, payload: { ...product, price: 11 } });
    await as(admin, { method: 'PUT', url: `${probe}/images`, payload: { images: [img, `${img}?2`] } });
    await as(admin, { method: 'PUT', url: `${probe}/images`, payload: { images: [] } });
    await as(admin, { method: 'PATCH', url: probe, payload: { restAvailableQuantity: 20 } });
    await as(admin, { method: 'DELETE', url: probe });

    const profile = { name: customer.name, education: 'Repair school', location: 'Galway' };
    await as(customer, { method: 'PUT', url: `/api/profile/${customer.email}`, payload: profile });
    const bearer = await as(customer, { method: 'PUT', url: `/api/user/${customer.email}`, payload: {} });
    await call({
      method: 'GET',
      url: `/api/order/${customer.email}`,
      headers: { authorization: `Bearer ${bearer.json().token}` },
    });
    const other = await signUp(t.app);
    await as(admin, { method: 'PUT', url: `/api/user/admin/${other.email}` });
    await as(admin, { method: 'DELETE', url: `/api/user/admin/${other.email}` });
    const foreign = { ...order, address: 'Elsewhere' };
    const crossSite = { origin: 'https://evil.example' };
    const refused = await as(customer, {
      method: 'POST',
      url: '/api/order',
      payload: foreign,
      headers: crossSite,
    });
    expect(refused.statusCode).toBe(403);
    await call({ method: 'POST', url: '/api/stripe/webhook', payload: {} });

    expect(problemsSince(from)).toEqual([]);
  });

  it('for every GET operation, as a visitor, a customer and an admin', async () => {
    const from = exchanges.length;
    const valueFor = (operationId: string, account: TestAccount | null) => ({
      Email: (account === admin ? customer : (account ?? customer)).email,
      File: ids.file,
      Id: operationId.startsWith('getTools') ? ids.tool : ids.order,
    });
    const answered = new Map<string, number[]>();
    for (const [path, item] of Object.entries(contract.document.paths)) {
      const operation = item.get;
      if (!operation) continue;
      for (const account of [null, customer, admin]) {
        const by = /By(Email|File|Id)/.exec(operation.operationId)?.[1] as
          'Email' | 'File' | 'Id' | undefined;
        const url = `/api${path.replace(/\{[^}]+\}/, () => (by ? valueFor(operation.operationId, account)[by] : ''))}`;
        const response = await as(account, { method: 'GET', url });
        answered.set(operation.operationId, [
          ...(answered.get(operation.operationId) ?? []),
          response.statusCode,
        ]);
      }
    }

    expect(problemsSince(from)).toEqual([]);
    // Each GET answered someone with success: the schemas were checked against real data.
    const neverSucceeded = [...answered].filter(([, statuses]) => !statuses.some((status) => status < 300));
    expect(neverSucceeded).toEqual([]);
  });

  it('and every operation of the document was called', () => {
    const called = new Set(
      exchanges.map(({ method, url }) => contract.operationOf(method, url)?.operation.operationId),
    );
    const all = Object.values(contract.document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(all.filter((operationId) => !called.has(operationId))).toEqual([]);
  });
});
