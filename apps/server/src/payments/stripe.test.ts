import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * A stand-in for api.stripe.com speaking its protocol for the two calls the shop makes: form-encoded
 * PaymentIntent creation (honouring Idempotency-Key as Stripe does) and retrieval.
 */
function createFakeStripe() {
  const intents = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, string>();
  const creations: { params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  const refunds: string[] = [];
  const readBody = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    return body;
  };
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.url === '/v1/payment_intents') {
      const params = new URLSearchParams(await readBody(request));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      creations.push({ params, idempotencyKey });
      const existing = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (existing) return send(200, intents.get(existing));
      const id = `pi_test_${intents.size + 1}`;
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        client_secret: `${id}_secret_abc`,
        metadata: { orderId: params.get('metadata[orderId]') },
        status: 'requires_payment_method',
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(200, intent);
    }
    const cancel = request.url?.match(/^\/v1\/payment_intents\/(\w+)\/cancel$/);
    const cancellable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (request.method === 'POST' && cancel && intents.has(cancel[1]!)) {
      const intent = intents.get(cancel[1]!)!;
      if (!cancellable.includes(intent.status as string)) {
        return send(400, {
          error: { type: 'invalid_request_error', message: `cannot cancel: ${String(intent.status)}` },
        });
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      const params = new URLSearchParams(await readBody(request));
      refunds.push(params.get('payment_intent')!);
      return send(200, {
        id: `re_${refunds.length}`,
        object: 'refund',
        payment_intent: params.get('payment_intent'),
      });
    }
    const retrieve = request.url?.match(/^\/v1\/payment_intents\/([\w]+)$/);
    if (request.method === 'GET' && retrieve && intents.has(retrieve[1]!))
      return send(200, intents.get(retrieve[1]!));
    return send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
  });
  return { server, creations, refunds, intents };
}

const fake = createFakeStripe();
await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
const fakePort = (fake.server.address() as AddressInfo).port;
afterAll(async () => {
  fake.server.close();
  await once(fake.server, 'close');
});

const t = useTestApp({
  seed: false,
  env: {
    STRIPE_SECRET_KEY: 'sk_test_toolshop',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_toolshop',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
  stripe: () =>
    new Stripe('sk_test_toolshop', {
      host: '127.0.0.1',
      port: fakePort,
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
});

const stripeForSigning = new Stripe('sk_test_unused');

let customer: TestAccount;
// A fresh customer for each test: one account may hold only MAX_UNPAID_ORDERS_PER_ACCOUNT unpaid orders.
beforeEach(async () => {
  customer = await signUp(t.app);
});

async function placeOrder(quantity = 4, priceCents = 1250) {
  const tool = await createTool(t.db, { priceCents });
  const response = await injectAs(t.app, customer, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId: tool.id, quantity, address: 'Quay 3' },
  });
  return response.json() as { _id: string };
}

let eventCounter = 0;
function succeededEvent(intent: { id: string; amount: number; orderId: string; currency?: string }) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency ?? 'usd',
        metadata: { orderId: intent.orderId },
        status: 'succeeded',
      },
    },
  });
}

function deliver(payload: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  stripeForSigning.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...options,
  });

const statusOf = async (orderId: string) =>
  (await injectAs(t.app, customer, { url: `/api/payment/${orderId}` })).json().status as string;

describe('Stripe mode', () => {
  it('tells the web app to use Stripe with the publishable key', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json().payments).toEqual({ mode: 'stripe', publishableKey: 'pk_test_toolshop' });
  });

  it('creates the PaymentIntent once, for the amount the server computes, with an idempotency key', async () => {
    const order = await placeOrder(4, 1250);
    const intent = (id: string, body?: Record<string, unknown>) =>
      injectAs(t.app, customer, { method: 'POST', url: `/api/payment/${id}/intent`, payload: body ?? {} });

    const first = await intent(order._id, { amount: 1 });
    const second = await intent(order._id);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_test_\d+_secret_/) });
    expect(second.json()).toEqual(first.json());
    const creation = fake.creations.find((c) => c.params.get('metadata[orderId]') === order._id)!;
    expect(creation.params.get('amount')).toBe('5000');
    expect(creation.params.get('currency')).toBe('usd');
    expect(creation.idempotencyKey).toBe(`order-${order._id}`);
    expect(fake.creations.filter((c) => c.params.get('metadata[orderId]') === order._id)).toHaveLength(1);
  });

  it('refuses the demo form while Stripe is configured', async () => {
    const order = await placeOrder();
    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${order._id}/demo`,
      payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('marks the order paid once, whatever number of times the signed webhook is delivered', async () => {
    const order = await placeOrder(4, 1250);
    const payload = succeededEvent({ id: 'pi_replayed', amount: 5000, orderId: order._id });
    await t.mailer.settled();
    const receiptsBefore = t.mailer.sent.filter((mail) => /receipt/.test(mail.subject)).length;

    const responses = [];
    for (let i = 0; i < 3; i += 1) responses.push(await deliver(payload, sign(payload)));
    responses.push(
      ...(await Promise.all([deliver(payload, sign(payload)), deliver(payload, sign(payload))])),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await statusOf(order._id)).toBe('paid');
    await t.mailer.settled();
    expect(t.mailer.sent.filter((mail) => /receipt/.test(mail.subject)).length).toBe(receiptsBefore + 1);
    const summary = (await injectAs(t.app, customer, { url: `/api/payment/${order._id}` })).json();
    expect(summary.transactionId).toBe('pi_replayed');
  });

  it('refuses a forged signature, a stale one and a missing one, and pays nothing', async () => {
    const order = await placeOrder();
    const payload = succeededEvent({ id: 'pi_forged', amount: 5000, orderId: order._id });

    const forged = await deliver(payload, sign(payload, { secret: 'whsec_not_ours' }));
    const stale = await deliver(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    const tampered = await deliver(payload.replace('5000', '1'), sign(payload));
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });

    for (const response of [forged, stale, tampered, missing]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_signature');
    }
    expect(await statusOf(order._id)).toBe('unpaid');
  });

  it('does not mark an order paid when the paid amount or currency is not the order’s', async () => {
    const order = await placeOrder(4, 1250);
    const tooLittle = succeededEvent({ id: 'pi_cheap', amount: 100, orderId: order._id });
    const otherCurrency = succeededEvent({ id: 'pi_eur', amount: 5000, orderId: order._id, currency: 'eur' });

    expect((await deliver(tooLittle, sign(tooLittle))).statusCode).toBe(200);
    expect((await deliver(otherCurrency, sign(otherCurrency))).statusCode).toBe(200);

    expect(await statusOf(order._id)).toBe('unpaid');
  });

  it('acknowledges events it does not act on', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
  });
});

describe('cancelling an order paid through Stripe', () => {
  async function orderWithIntent() {
    const order = await placeOrder();
    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${order._id}/intent`,
    });
    const intentId = (response.json().clientSecret as string).split('_secret_')[0]!;
    return { order, intentId };
  }
  const cancel = (orderId: string) =>
    injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${orderId}` });

  it('cancels the PaymentIntent at Stripe, then the order', async () => {
    const { order, intentId } = await orderWithIntent();

    const response = await cancel(order._id);

    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(fake.intents.get(intentId)!.status).toBe('canceled');
  });

  it('refuses with 409 once the payment is under way, and keeps the order', async () => {
    const { order, intentId } = await orderWithIntent();
    fake.intents.get(intentId)!.status = 'processing';

    const response = await cancel(order._id);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('payment_in_progress');
    expect(await statusOf(order._id)).toBe('unpaid');
  });

  it('refunds a payment that still succeeds for a cancelled order', async () => {
    const { order, intentId } = await orderWithIntent();
    await cancel(order._id);
    const payload = succeededEvent({ id: intentId, amount: 5000, orderId: order._id });

    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);

    expect(fake.refunds).toContain(intentId);
    expect(await statusOf(order._id)).toBe('cancelled');
  });
});

describe('payments this shop did not start', () => {
  it.each([
    ['no order id', {}],
    ['an order id that is not one of ours', { orderId: 'ord_elsewhere' }],
  ])('acknowledges a succeeded payment with %s and changes nothing', async (_label, metadata) => {
    const payload = JSON.stringify({
      id: `evt_foreign_${Object.keys(metadata).length}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: 'pi_elsewhere', object: 'payment_intent', amount: 100, currency: 'usd', metadata },
      },
    });

    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
  });
});
