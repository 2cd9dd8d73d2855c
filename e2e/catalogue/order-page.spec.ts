import type { Page } from '@playwright/test';
import { seedTools } from '../../apps/server/src/db/seed-data';
import { paths } from '@toolshop/shared/paths';
import { openAdminPage, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { waitUntilHydrated, waitUntilSettled } from '../support/hydration';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrder: number;
}

/** Seeded tools whose stock the desktop journeys count (dashboard-admin takes 9): this journey runs after them. */
const ORDERED = [9, 10, 11].map((index) => seedTools[index]!.name);

/** axe and a full-page screenshot at the desktop width and then a phone's (the page reflows in place). */
async function checkAtBothWidths(page: Page, name: string, outputPath: (file: string) => string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await waitUntilSettled(page);
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** An order of three lines placed through the API as the page's customer, paid, and shipped by the admin. */
async function shippedOrderOfThreeLines(
  page: Page,
  baseURL: string,
): Promise<{ id: string; number: number }> {
  await signUpViaApi(page.request, baseURL);
  const headers = { origin: baseURL };
  const tools = ((await (await page.request.get('/api/tools')).json()) as Tool[]).filter((tool) =>
    ORDERED.includes(tool.name),
  );
  for (const tool of tools) {
    const added = await page.request.post('/api/cart/lines', {
      headers,
      data: { toolId: tool._id, quantity: tool.minimumOrder },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const placed = await page.request.post('/api/checkout', {
    headers,
    data: { address: '12 Harbour Road, Cork', phone: '+353 21 555 0100' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as { _id: string; number: number };
  const paid = await page.request.post(`/api/payment/${order._id}/demo`, {
    headers,
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const admin = await openAdminPage(page.context().browser()!);
  const shipped = await admin.request.post(`/api/order/${order._id}/ship`, {
    headers,
    data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  await admin.context().close();
  return { id: order._id, number: order.number };
}

test('a customer follows a shipped order on its page, finds it in My Orders and buys it again', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const order = await shippedOrderOfThreeLines(page, baseURL!);

  await page.goto(paths.order(order.id));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What you ordered' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'UPS, tracking number 1Z999AA10123456784',
  );
  await expect(page).toHaveTitle('Your order · Toolshop');
  await checkAtBothWidths(page, 'order-page', (file) => testInfo.outputPath(file));

  await page.goto(paths.myOrders);
  const link = page.getByRole('link', { name: `#${order.number}` });
  await expect(link).toHaveAttribute('href', paths.order(order.id));
  await checkAtBothWidths(page, 'my-orders', (file) => testInfo.outputPath(file));
  await page.setViewportSize({ width: 1280, height: 800 });

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await waitUntilHydrated(page);
  await page.getByRole('button', { name: `Buy again #${order.number}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart:' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(3);
  await waitUntilSettled(page);
  await expectNoAxeViolations(page, 'cart after Buy again');
  await page.screenshot({ path: testInfo.outputPath('cart-after-buy-again.png'), fullPage: true });
});

test('the order page is the order before the scripts run, and so is Buy again', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const order = await shippedOrderOfThreeLines(page, baseURL!);

  await page.goto(paths.order(order.id));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await page.getByRole('button', { name: `Buy again #${order.number}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Added to your cart:')).toBeVisible();
  await context.close();
});

test('a signed-out visitor is sent to log in, and comes back to the order', async ({ page }) => {
  await page.goto(paths.order('7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a'));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders%2F7b0c1a52/);
});
