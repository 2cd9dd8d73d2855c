import { describe, expect, it } from 'vitest';
import { paths } from '@toolshop/shared/paths';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder } from '../test/orders';

// zod alone is about 27 kB gzipped, and building its schemas is work on every load (decision 073). It has
// come back to pages without a form that needs it each time a small shared rule, constant or form intent
// sat in a module that also held schemas; the pages read those from zod-free modules (stock-state.ts,
// tool-sorts.ts, order-status.ts, product-review-page.ts, the orders feature's order-form-intents.ts).
const t = useTestApp({ webApp: true });

let visitors = 0;

/**
 * Every script the server-rendered page names, as `account` gets it (from an address of its own, clear of
 * the limits per address): its entry, route modules and preloads.
 */
async function scriptsOf(url: string, account: TestAccount | null = null) {
  visitors += 1;
  const page = await injectAs(t.app, account, { url, remoteAddress: `10.73.0.${visitors}` });
  expect(page.statusCode, url).toBe(200);
  const files = [...new Set(page.body.match(/\/assets\/[\w.-]+\.js/g))];
  return Promise.all(files.map(async (file) => ({ file, text: (await t.app.inject({ url: file })).body })));
}

// zod names each of its schema classes in a string, which minifying keeps (in whichever quotes).
const holdsZod = (script: string) => /["'`]\$ZodType["'`]/.test(script);

describe("the pages' scripts", () => {
  it('leave zod out of the home page: it has no form that needs it before a visitor opens one', async () => {
    const scripts = await scriptsOf(paths.home);

    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter(({ text }) => holdsZod(text)).map(({ file }) => file)).toEqual([]);
  });

  it("leave zod out of a product page and the buyer's cart, checkout, order and My Orders", async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db);
    const orderId = await placePaidOrder(t.app, customer, tool.id);
    // A line in the cart, so that the cart and the checkout draw their lines and forms.
    const added = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/cart/lines',
      payload: { toolId: tool.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);

    const pages = [paths.tool(tool.id), paths.cart, paths.checkout, paths.order(orderId), paths.myOrders];
    const withZod = await Promise.all(
      pages.map(async (url) => {
        const scripts = await scriptsOf(url, customer);
        return [url, scripts.filter(({ text }) => holdsZod(text)).map(({ file }) => file)] as const;
      }),
    );

    expect(Object.fromEntries(withZod)).toEqual(Object.fromEntries(pages.map((url) => [url, []])));
  });

  it('that check does find zod where a page uses it: the sign-up form validates in the browser', async () => {
    const scripts = await scriptsOf(paths.register);

    expect(scripts.some(({ text }) => holdsZod(text))).toBe(true);
  });
});
