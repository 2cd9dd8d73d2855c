import { describe, expect, it } from 'vitest';
import { paths } from '@toolshop/shared/paths';
import { ORIGIN, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder } from '../test/orders';
import { textOf } from '../test/page-text';

// The screens behind sign-in as the first HTML a browser gets (decision 061): drawn on the server from the
// session cookie, before any script runs, rather than a spinner filled in later.
const t = useTestApp({ webApp: true });

/** What the server's HTML draws inside `<main>`: the screen itself, not its loading state. */
const mainOf = (html: string) => /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

const pageAs = (account: TestAccount | null, url: string) =>
  t.app.inject({ url, headers: account ? { cookie: account.cookie, origin: ORIGIN } : {} });

describe('signed-in screens rendered on the server', () => {
  it('sends My Orders with the orders in it, inside the dashboard with its greeting and menu', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { priceCents: 4250 });
    await placePaidOrder(t.app, customer, tool.id);

    const page = await pageAs(customer, paths.myOrders);

    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const main = textOf(mainOf(page.body));
    expect(main).toContain(`Welcome, ${customer.name}`);
    expect(main).toContain('You have 1 order');
    expect(main).toContain(tool.name);
    expect(main).toContain('$42.50');
    expect(main).toMatch(/#\d+/);
    expect(main).not.toContain('Loading');
    // A customer's menu: no admin screen in it.
    expect(page.body).toMatch(/<nav aria-label="Dashboard"[\s\S]*My Orders[\s\S]*<\/nav>/);
    expect(page.body).not.toContain(`href="${paths.manageOrders}"`);
    // The seed the browser hydrates with: its first render draws the same orders, with no request.
    expect(page.body).toContain(tool.id);
  });

  it("draws an admin's dashboard with the admin's menu and the demo-payments notice", async () => {
    const admin = await signUpAdmin(t.app);

    const page = await pageAs(admin, paths.myOrders);

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${paths.manageOrders}"`);
    expect(textOf(mainOf(page.body))).toContain('You have 0 orders');
    expect(textOf(mainOf(page.body))).toMatch(/demo/i);
  });

  it('sends the purchase page with the tool, its image found in the HTML and sized', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { priceCents: 1999, minimumOrder: 3, onHand: 40 });

    const page = await pageAs(customer, paths.purchase(tool.id));

    expect(page.statusCode).toBe(200);
    const main = textOf(mainOf(page.body));
    expect(main).toContain(tool.name);
    expect(main).toContain('$19.99 per unit');
    expect(main).toContain('Place your order');
    // The buyer's own name and e-mail in the form's read-only fields, from the session.
    expect(page.body).toContain(`value="${customer.email}"`);
    const image = new RegExp(`<img [^>]*src="${tool.img}"[^>]*>`).exec(page.body)?.[0] ?? '';
    expect(image).toMatch(/fetchpriority="high"/i);
    expect(image).toMatch(/width="\d+"/);
    expect(image).toMatch(/height="\d+"/);
    expect(page.body).toMatch(new RegExp(`<link rel="preload"[^>]*href="${tool.img}"[^>]*>`));
  });

  it('draws the dashboard around a screen that loads in the browser, its spinner in its place', async () => {
    const customer = await signUp(t.app);

    const page = await pageAs(customer, paths.dashboard);

    expect(page.statusCode).toBe(200);
    const main = textOf(mainOf(page.body));
    expect(main).toContain(`Welcome, ${customer.name}`);
    expect(main).toContain('Loading');
  });

  it.each([paths.myOrders, paths.dashboard, `/purchase/00000000-0000-4000-8000-000000000000`])(
    'sends a signed-out visitor of %s to the login page, which returns there',
    async (url) => {
      for (const account of [null, { cookie: 'better-auth.session_token=forged.token' } as TestAccount]) {
        const page = await pageAs(account, url);
        expect(page.statusCode).toBe(302);
        expect(page.headers.location).toBe(`${paths.login}?redirectTo=${encodeURIComponent(url)}`);
      }
    },
  );
});
