import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentSummarySchema } from '@toolshop/shared/payment';
import { injectAs, signUp, signUpCast, type TestAccount } from '../test/accounts';
import { orders } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const t = useTestApp({ seed: false });

let customer: TestAccount;
let other: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  ({ customer, other, admin } = await signUpCast(t.app));
});
// A fresh customer for each test: one account may hold only MAX_UNPAID_ORDERS_PER_ACCOUNT unpaid orders.
beforeEach(async () => {
  customer = await signUp(t.app);
});

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function placeOrder(account = customer, quantity = 3) {
  const tool = await createTool(t.db, { priceCents: 2599 });
  const response = await injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId: tool.id, quantity, address: 'Unit 7, Harbour Road' },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { _id: string; number: number; toolId: string; tool: string; createdAt: string };
}

const pay = (account: TestAccount | null, orderId: string, card: Record<string, unknown>) =>
  injectAs(t.app, account, { method: 'POST', url: `/api/payment/${orderId}/demo`, payload: card });

describe('GET /api/payment/:id', () => {
  it('shows the buyer their own order’s tool, quantity and the total the server computes', async () => {
    const order = await placeOrder(customer, 3);

    const response = await injectAs(t.app, customer, { url: `/api/payment/${order._id}` });

    expect(response.statusCode).toBe(200);
    expect(paymentSummarySchema.parse(response.json())).toMatchObject({
      tool: order.tool,
      quantity: 3,
      unitPrice: 25.99,
      total: 77.97,
      status: 'unpaid',
      transactionId: null,
      name: customer.name,
      number: order.number,
      lines: [{ toolId: order.toolId, tool: order.tool, quantity: 3, unitPrice: 25.99, total: 77.97 }],
      subtotal: 77.97,
      shipping: 0,
    });
  });

  it('answers 404 to another customer and to an admin, and 401 anonymously', async () => {
    const order = await placeOrder();

    expect((await injectAs(t.app, other, { url: `/api/payment/${order._id}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, admin, { url: `/api/payment/${order._id}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { url: `/api/payment/${order._id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/payment/:id/demo (the demo processor)', () => {
  it('takes 4242 4242 4242 4242: the order is paid with a transaction id and a receipt is mailed', async () => {
    const order = await placeOrder();

    const response = await pay(customer, order._id, GOOD_CARD);

    expect(response.statusCode).toBe(200);
    const { transactionId } = response.json();
    expect(response.json()).toEqual({
      status: 'paid',
      transactionId: expect.stringMatching(/^demo_[0-9a-f]{24}$/),
    });
    const summary = (await injectAs(t.app, customer, { url: `/api/payment/${order._id}` })).json();
    expect(summary).toMatchObject({ status: 'paid', transactionId });
    const receipt = await t.mailer.last(customer.email, /receipt/);
    expect(receipt.text).toContain('$77.97');
    expect(receipt.text).toContain(transactionId);
  });

  it('mails one receipt per paid order with its number, date, lines, amounts, address, reference and status', async () => {
    const order = await placeOrder();
    const paid = await pay(customer, order._id, GOOD_CARD);
    expect((await pay(customer, order._id, GOOD_CARD)).statusCode).toBe(409);
    const { transactionId } = paid.json();
    const [{ number }] = (await t.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, order._id))) as [{ number: number }];

    await t.mailer.settled();
    const receipts = t.mailer.sent.filter((mail) => mail.text.includes(`Order: ${order._id}.`));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.subject).toBe(`Your Toolshop receipt for order #${number}`);
    expect(receipt!.text).toBe(
      [
        `Thank you, ${customer.name}`,
        '',
        `We received your payment of $77.97 for order #${number}, placed on ${order.createdAt.slice(0, 10)}.`,
        `3 × ${order.tool} at $25.99 each: $77.97`,
        'Subtotal: $77.97. Shipping: free. Total: $77.97.',
        'Shipping to: Unit 7, Harbour Road',
        `Payment reference: ${transactionId}. Status: paid.`,
        `Order: ${order._id}. We will let you know when it ships.`,
        '',
        'See my orders: http://localhost:3000/dashboard/myOrders',
        '',
        '— Toolshop',
      ].join('\n'),
    );
    expect(receipt!.html).toContain(`3 × ${order.tool} at $25.99 each: $77.97`);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['5555 5555 5555 4444', 'card_declined', 'Your card was declined.'],
  ])('refuses %s with 402 %s and leaves the order unpaid', async (cardNumber, code, message) => {
    const order = await placeOrder();

    const response = await pay(customer, order._id, { ...GOOD_CARD, cardNumber });

    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: { code, message } });
    expect((await injectAs(t.app, customer, { url: `/api/payment/${order._id}` })).json().status).toBe(
      'unpaid',
    );
  });

  it.each([
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'body.cardNumber',
      'Your card number is invalid.',
    ],
    ['a past expiry', { expiry: '01/20' }, 'body.expiry', 'Your card’s expiration date is in the past.'],
    ['an incomplete expiry', { expiry: '13/2' }, 'body.expiry', 'Your card’s expiration date is incomplete.'],
    ['a two-digit CVC', { cvc: '12' }, 'body.cvc', 'Your card’s security code is invalid.'],
    ['a five-digit CVC', { cvc: '12345' }, 'body.cvc', 'Your card’s security code is invalid.'],
  ])('refuses %s with a field message', async (_label, change, field, message) => {
    const order = await placeOrder();

    const response = await pay(customer, order._id, { ...GOOD_CARD, ...change });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('refuses to take a second payment for a paid order', async () => {
    const order = await placeOrder();
    expect((await pay(customer, order._id, GOOD_CARD)).statusCode).toBe(200);

    const again = await pay(customer, order._id, GOOD_CARD);

    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is already paid.');
  });

  it('pays a racing double submit only once', async () => {
    const order = await placeOrder();
    await t.mailer.settled();
    const receiptsBefore = t.mailer.sent.filter((mail) => /receipt/.test(mail.subject)).length;

    const results = await Promise.all([
      pay(customer, order._id, GOOD_CARD),
      pay(customer, order._id, GOOD_CARD),
    ]);

    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    await t.mailer.settled();
    expect(t.mailer.sent.filter((mail) => /receipt/.test(mail.subject)).length).toBe(receiptsBefore + 1);
  });

  it('refuses to pay a cancelled order, another customer’s order, or anonymously', async () => {
    const cancelled = await placeOrder();
    await injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${cancelled._id}` });
    const cancelledPay = await pay(customer, cancelled._id, GOOD_CARD);
    expect(cancelledPay.statusCode).toBe(409);
    expect(cancelledPay.json().error.message).toBe('This order was cancelled.');

    const someoneElses = await placeOrder(other);
    expect((await pay(customer, someoneElses._id, GOOD_CARD)).statusCode).toBe(404);
    expect((await pay(admin, someoneElses._id, GOOD_CARD)).statusCode).toBe(404);
    expect((await pay(null, someoneElses._id, GOOD_CARD)).statusCode).toBe(401);
    expect((await injectAs(t.app, other, { url: `/api/payment/${someoneElses._id}` })).json().status).toBe(
      'unpaid',
    );
  });

  it('ignores an amount sent by the client: the total is the server’s', async () => {
    const order = await placeOrder(customer, 2);

    const response = await pay(customer, order._id, { ...GOOD_CARD, amount: 1, total: 0.01 });

    expect(response.statusCode).toBe(200);
    expect((await injectAs(t.app, customer, { url: `/api/payment/${order._id}` })).json().total).toBe(51.98);
  });

  it('has no Stripe intent or webhook in demo mode', async () => {
    const order = await placeOrder();

    expect(
      (await injectAs(t.app, customer, { method: 'POST', url: `/api/payment/${order._id}/intent` }))
        .statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode).toBe(
      404,
    );
  });
});
