import type { Locator, Page } from '@playwright/test';
import type { Order } from '@toolshop/shared/order';
import { newAccount, openAdminPage, signUpViaApi } from './accounts-fixtures';
import { expect, test } from './fixtures';
import { waitUntilHydrated, waitUntilSettled } from './support/hydration';

// Runs in both the desktop (1280 px) and phone (390 px) projects; the screenshots are kept under
// test-results/screenshots for a person to look at.
const pages = [
  { name: 'home', path: '/', heading: 'Here Common Tools Useful for Working With Computers' },
  { name: 'catalogue', path: '/tools', heading: 'All tools' },
  { name: 'blogs', path: '/blogs', heading: 'Blogs' },
  { name: 'portfolio', path: '/portfolio', heading: null },
  { name: 'not-found', path: '/missing-page', heading: 'Page not found' },
];

for (const { name, path, heading } of pages) {
  test(`${name} fits the screen without sideways scrolling`, async ({ page }, testInfo) => {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(heading ? h1.filter({ hasText: heading }) : h1).toBeVisible();
    await expectFits(page, name);
    const width = page.viewportSize()?.width ?? 0;
    await testInfo.attach(`${name}-${width}`, { path: `test-results/screenshots/${name}-${width}.png` });
  });
}

test('a product page fits the screen without sideways scrolling', async ({ page }) => {
  await page.goto('/tools');
  const first = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');
  const name = await first.innerText();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: `Purchase ${name}` })).toBeVisible();
  await expectFits(page, 'product');
});

test('the navbar works at this width', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Tailwind's md breakpoint: below it the links sit behind the menu button.
  const isPhone = (page.viewportSize()?.width ?? 0) < 768;

  // Links hidden by CSS are not in the accessibility tree, so the same query finds whichever set of links
  // the visitor can see.
  if (isPhone) {
    await expect(nav.getByRole('link', { name: 'BLOGS' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await nav.getByRole('link', { name: 'BLOGS' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  if (isPhone) await expect(nav.getByRole('link', { name: 'BLOGS' })).toHaveCount(0);
});

/** No sideways scrolling; then the screen is kept for a person to look at. */
async function expectFits(page: Page, name: string) {
  await waitUntilSettled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
}

/** Scrolled to vertically, the action sits wholly inside the screen's width. */
async function expectReachable(action: Locator) {
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport({ ratio: 1 });
}

test('the dashboard tables show every action without sideways scrolling', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await signUpViaApi(page.request, baseURL!, newAccount('phone'));
  const tools = (await (await page.request.get('/api/tools')).json()) as {
    _id: string;
    name: string;
    minimumOrder: number;
  }[];
  // The second-to-last seeded tool: no journey counts its stock.
  const tool = tools.at(-2)!;
  const placed = await page.request.post('/api/order', {
    headers: { origin: baseURL! },
    data: { toolId: tool._id, quantity: tool.minimumOrder, address: '12 Harbour Road, Cork, Ireland' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as Order;

  // An order only expires after its hold (an hour): the list gains an expired twin so the screen shows both.
  await page.route(`**/api/order/${encodeURIComponent(buyer.email)}`, async (route) => {
    const response = await route.fetch();
    const orders = (await response.json()) as Order[];
    const expired: Order = {
      ...order,
      _id: `ffffffff${order._id.slice(8)}`,
      tool: tools.at(-3)!.name,
      status: 'expired',
    };
    await route.fulfill({ response, json: [...orders, expired] });
  });
  // The browser asks for the list when it moves between screens: My Orders itself is drawn by the server
  // (decision 061), which the route above does not reach.
  await page.goto('/dashboard');
  await waitUntilHydrated(page);
  await page.getByRole('link', { name: 'My Orders', exact: true }).click();
  await expect(page.getByText('You have 2 orders')).toBeVisible();
  await expect(page.getByText('expired', { exact: true })).toBeVisible();
  await expectReachable(page.getByRole('link', { name: `pay for ${tool.name}` }));
  await expectReachable(page.getByRole('button', { name: `delete ${tool.name}` }));
  await expectFits(page, 'my-orders');

  await page.getByRole('link', { name: `pay for ${tool.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expectReachable(page.getByRole('button', { name: /^Pay \$/ }));
  await expectFits(page, 'payment');

  const admin = await openAdminPage(browser);
  await admin.setViewportSize(test.info().project.use.viewport!);
  await admin.goto('/dashboard/manageOrders');
  const orderRow = admin.getByRole('row').filter({ hasText: buyer.email });
  await expectReachable(orderRow.getByRole('button', { name: `Cancel ${tool.name} for ${buyer.name}` }));
  await expectFits(admin, 'manage-orders');

  await orderRow.getByRole('button', { name: /^Details/ }).click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  await expectFits(admin, 'order-details');
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('dialog')).toBeHidden();

  await admin.goto('/dashboard/manageProduct');
  await expectReachable(admin.getByRole('button', { name: `Delete ${tool.name}` }));
  await expectReachable(
    admin
      .getByRole('link', { name: `Edit ${tool.name}` })
      .or(admin.getByRole('button', { name: `Edit ${tool.name}` })),
  );
  await expectFits(admin, 'manage-products');

  await admin.goto('/dashboard/overview');
  await expect(admin.getByRole('heading', { name: 'Low stock', exact: true })).toBeVisible();
  await expectFits(admin, 'sales-overview');

  await admin.goto('/dashboard/activity');
  await expect(admin.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  await expectFits(admin, 'activity-log');

  await admin.goto('/dashboard/makeAdmin');
  await expectReachable(admin.getByRole('button', { name: `Make Admin ${buyer.email}` }));
  await expectFits(admin, 'make-admin');

  await admin.goto('/dashboard/manageReviews');
  await expect(admin.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
  await expectReachable(admin.getByRole('button', { name: /^Remove / }).first());
  await expectFits(admin, 'manage-reviews');
  await admin.context().close();
});
