import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@toolshop/shared/order';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';

// A client that never heard the answer to a write sends it again with the same Idempotency-Key
// (decision 019): it must get the first answer, and nothing may be written twice.
const t = useTestApp();
let ada: TestAccount;
let bob: TestAccount;
let toolId: string;
let key = 0;

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const newKey = () => `attempt-${Date.now()}-${(key += 1)}`;

beforeAll(async () => {
  ada = await signUp(t.app);
  bob = await signUp(t.app);
  toolId = (await createTool(t.db, { onHand: 1000 })).id;
});

const order = (account: TestAccount, idempotencyKey: string | undefined, quantity = 2) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: { toolId, quantity, address: '1 Main St' },
  });

describe('POST /api/order with an Idempotency-Key', () => {
  it('answers a retry with the first order and reserves its stock once', async () => {
    const before = await stockLevelsOf(t.db, toolId);
    const attempt = newKey();
    const first = await order(ada, attempt);
    const retry = await order(ada, attempt);
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await stockLevelsOf(t.db, toolId)).reserved).toBe(before.reserved + 2);
  });

  it('refuses the same key for a different order with 422', async () => {
    const attempt = newKey();
    expect((await order(ada, attempt, 2)).statusCode).toBe(201);
    const other = await order(ada, attempt, 3);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
  });

  it('keeps each customer’s keys apart', async () => {
    const attempt = newKey();
    const adas = (await order(ada, attempt)).json() as Order;
    const bobs = await order(bob, attempt);
    expect(bobs.statusCode).toBe(201);
    expect((bobs.json() as Order)._id).not.toBe(adas._id);
    expect((bobs.json() as Order).email).toBe(bob.email);
  });

  it('places a new order for each request without a key', async () => {
    const first = (await order(bob, undefined)).json() as Order;
    const second = (await order(bob, undefined)).json() as Order;
    expect(second._id).not.toBe(first._id);
  });

  it('refuses a malformed key with 400', async () => {
    expect((await order(ada, 'has spaces in it')).statusCode).toBe(400);
    expect((await order(ada, 'k'.repeat(256))).statusCode).toBe(400);
  });
});

describe('paying with an Idempotency-Key', () => {
  it('answers a retried payment with the first answer instead of "already paid"', async () => {
    const placed = (await order(ada, undefined)).json() as Order;
    const pay = (idempotencyKey?: string) =>
      injectAs(t.app, ada, {
        method: 'POST',
        url: `/api/payment/${placed._id}/demo`,
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
        payload: GOOD_CARD,
      });
    const attempt = newKey();
    const first = await pay(attempt);
    const retry = await pay(attempt);
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await pay()).statusCode).toBe(409);
  });
});
