import { describe, expect, it } from 'vitest';
import { paths } from '@toolshop/shared/paths';
import { ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { postPageForm } from '../test/page-forms';
import { textOf } from '../test/page-text';

// /checkout as a browser without JavaScript uses it: the page rendered from the session cookie, and its
// Place order posted as a urlencoded form to the route's action, which calls the API as the customer.
const t = useTestApp({ webApp: true });

const browser = (account: TestAccount) => ({
  cookie: account.cookie,
  origin: ORIGIN,
  host: new URL(ORIGIN).host,
});

async function cartOfTwo(account: TestAccount) {
  for (const priceCents of [1250, 499]) {
    const tool = await createTool(t.db, { priceCents, minimumOrder: 2, onHand: 40 });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: browser(account),
      payload: { toolId: tool.id, quantity: 3 },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
}

/** The hidden fields of the page's form, in page order, as the browser would send them. */
function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(([, name, value]) => [
    name!,
    value!,
  ]);
}

const postCheckout = (account: TestAccount, fields: [string, string][]) =>
  postPageForm(t.app, paths.checkout, fields, { cookie: account.cookie });

describe('/checkout before the scripts run', () => {
  it('renders the order from the session, places it once however often the form is sent, and goes to its payment', async () => {
    const customer = await signUp(t.app);
    await cartOfTwo(customer);
    const page = await t.app.inject({ url: paths.checkout, headers: browser(customer) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    // 3 × $12.50 + 3 × $4.99, as the server computed it.
    expect(textOf(page.body)).toContain('$52.47');
    const fields = hiddenFields(page.body);
    expect(fields.find(([name]) => name === 'attemptKey')?.[1]).toMatch(/^[0-9a-f]{32}$/);

    const form: [string, string][] = [...fields, ['address', 'Unit 7, Harbour Road'], ['phone', '']];
    const placed = await postCheckout(customer, form);
    expect(placed.statusCode, placed.body).toBe(302);
    const location = String(placed.headers.location);
    expect(location).toMatch(/^\/dashboard\/payment\/[0-9a-f-]{36}$/);

    // The same form again (a double click, a re-sent form): the first answer, not a second order.
    const again = await postCheckout(customer, form);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(location);
    const orders = await t.app.inject({
      url: `/api/order/${encodeURIComponent(customer.email)}`,
      headers: browser(customer),
    });
    expect(orders.json<unknown[]>()).toHaveLength(1);
    const cart = await t.app.inject({ url: '/api/cart', headers: browser(customer) });
    expect(cart.json<{ lineCount: number }>().lineCount).toBe(0);

    // The next checkout starts from this order's address.
    await cartOfTwo(customer);
    const next = await t.app.inject({ url: paths.checkout, headers: browser(customer) });
    expect(next.body).toContain('Unit 7, Harbour Road');
  });

  it("answers a form without an address with SPEC's message, keeps what was typed and orders nothing", async () => {
    const customer = await signUp(t.app);
    await cartOfTwo(customer);
    const page = await t.app.inject({ url: paths.checkout, headers: browser(customer) });
    const refused = await postCheckout(customer, [
      ...hiddenFields(page.body),
      ['address', ' '],
      ['phone', '555-0199'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain('Address is Required');
    expect(refused.body).toContain('value="555-0199"');
    const cart = await t.app.inject({ url: '/api/cart', headers: browser(customer) });
    expect(cart.json<{ lineCount: number }>().lineCount).toBe(2);
  });

  it('sends a signed-out visitor to the login page, which returns to /checkout', async () => {
    const page = await t.app.inject({ url: paths.checkout });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${paths.login}?redirectTo=%2Fcheckout`);
  });
});
