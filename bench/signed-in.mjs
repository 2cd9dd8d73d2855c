// A customer as Lighthouse's signed-in runs see one (issue 27 point 7): signed up, confirmed from the mail
// as its owner does, one paid order of several lines behind them, and a cart with lines again.
import { randomUUID } from 'node:crypto';
import { confirmFromOutbox, signIn, signUp } from './shop.mjs';

const EMAIL = 'bench-lighthouse@example.com';
const ADDRESS = '10.1.0.9';
const DEMO_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** The shop's API as the customer: JSON in and out, a refusal thrown with its answer. */
async function call(base, cookie, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Puts `tools` in the cart, each at its minimum order. */
async function fillCart(base, cookie, tools) {
  for (const tool of tools) {
    await call(base, cookie, 'POST', '/api/cart/lines', { toolId: tool._id, quantity: tool.minimumOrder });
  }
}

/**
 * The customer's session cookie, the id of their paid order (three lines) and a cart of two lines, made
 * through the API on the shop at `base`, whose mails go to `dataDir`/outbox.
 */
export async function signedInCustomer({ base, dataDir }) {
  await signUp({ base, email: EMAIL, address: ADDRESS });
  await confirmFromOutbox({ base, dataDir, email: EMAIL });
  const cookie = await signIn({ base, email: EMAIL, address: ADDRESS });
  const tools = (await call(base, cookie, 'GET', '/api/tools')).filter(
    (tool) => tool.availableQuantity >= tool.minimumOrder * 2,
  );
  await fillCart(base, cookie, tools.slice(0, 3));
  const order = await call(
    base,
    cookie,
    'POST',
    '/api/checkout',
    { address: '7 Lighthouse Road\nPortsmouth', phone: '555-0100' },
    { 'idempotency-key': randomUUID() },
  );
  await call(base, cookie, 'POST', `/api/payment/${order._id}/demo`, DEMO_CARD);
  await fillCart(base, cookie, tools.slice(3, 5));
  return { cookie, orderId: order._id };
}
