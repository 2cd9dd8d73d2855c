import type { Page } from '@playwright/test';
import { newAccount, openAdminPage, signUpViaApi } from './accounts-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { waitUntilHydrated, waitUntilSettled } from './support/hydration';
import { toasts } from '@toolshop/shared/messages';

// Runs in both the desktop (1280 px) and phone (390 px) projects: axe-core must find no WCAG 2.1 AA
// violation on any screen, and every screen names the document after itself.

interface Screen {
  path: string;
  title: string;
}

const HOME_TITLE = 'Toolshop · Computer repair tools';

/** Opens a screen once its content has settled (lazy chunk, queries, images), then runs axe on it. */
async function checkScreen(page: Page, { path, title }: Screen) {
  await page.goto(path);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await waitUntilSettled(page);
  await expect(page).toHaveTitle(title);
  await expectNoAxeViolations(page, path);
}

const publicScreens: Screen[] = [
  { path: '/', title: HOME_TITLE },
  { path: '/tools', title: 'All tools · Toolshop' },
  { path: '/tools?q=multimeter&sort=price-asc&inStock=true', title: 'All tools · Toolshop' },
  { path: '/tools?q=nothing-matches-this', title: 'All tools · Toolshop' },
  { path: '/blogs', title: 'Blogs · Toolshop' },
  { path: '/portfolio', title: 'My Portfolio · Toolshop' },
  { path: '/login', title: 'Log in · Toolshop' },
  { path: '/register', title: 'Sign up · Toolshop' },
  { path: '/verify-email', title: 'Verify e-mail · Toolshop' },
  { path: '/reset-password', title: 'Reset password · Toolshop' },
  { path: '/no-such-page', title: 'Page not found · Toolshop' },
];

test('the public screens have no accessibility violations', async ({ page }) => {
  // One journey runs axe on many screens.
  test.slow();
  for (const screen of publicScreens) await checkScreen(page, screen);
  // And a product page, reached as a visitor does.
  const tools = (await (await page.request.get('/api/tools')).json()) as { _id: string; name: string }[];
  await checkScreen(page, { path: `/tools/${tools[0]!._id}`, title: `${tools[0]!.name} · Toolshop` });
});

test('the first Tab stop skips past the navbar to the main content', async ({ page }) => {
  await page.goto('/');
  await waitUntilHydrated(page);
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('main')).toBeFocused();
});

test("a customer's screens have no accessibility violations", async ({ page, baseURL }) => {
  // One journey runs axe on many screens.
  test.slow();
  await signUpViaApi(page.request, baseURL!, newAccount('a11y'));
  const tools = (await (await page.request.get('/api/tools')).json()) as {
    _id: string;
    minimumOrder: number;
  }[];
  // The last seeded tool: the journeys that check stock use the first nine.
  const tool = tools.at(-1)!;

  await checkScreen(page, { path: `/purchase/${tool._id}`, title: 'Purchase · Toolshop' });
  await page.getByLabel('Quantity').fill(String(tool.minimumOrder));
  await page.getByLabel('Address').fill('12 Harbour Road, Cork');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(toasts.orderPlaced)).toBeVisible();
  await expectNoAxeViolations(page, 'the purchase page after an order');

  await checkScreen(page, { path: '/dashboard', title: 'My Profile · Toolshop' });
  await checkScreen(page, { path: '/dashboard/updateProfile', title: 'Update Profile · Toolshop' });
  await checkScreen(page, { path: '/dashboard/addReview', title: 'Add A Review · Toolshop' });
  await checkScreen(page, { path: '/dashboard/myOrders', title: 'My Orders · Toolshop' });
  await page.getByRole('link', { name: /^pay/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await checkScreen(page, { path: new URL(page.url()).pathname, title: 'Payment · Toolshop' });
});

test("the admin's screens have no accessibility violations", async ({ browser }) => {
  // One journey runs axe on many screens.
  test.slow();
  const admin = await openAdminPage(browser);
  await admin.setViewportSize(test.info().project.use.viewport!);
  for (const screen of [
    { path: '/dashboard', title: 'My Profile · Toolshop' },
    { path: '/dashboard/overview', title: 'Sales Overview · Toolshop' },
    { path: '/dashboard/activity', title: 'Activity Log · Toolshop' },
    { path: '/dashboard/manageOrders', title: 'Manage All Orders · Toolshop' },
    { path: '/dashboard/addProduct', title: 'Add a Product · Toolshop' },
    { path: '/dashboard/makeAdmin', title: 'Make Admin · Toolshop' },
    { path: '/dashboard/manageProduct', title: 'Manage All Products · Toolshop' },
    { path: '/dashboard/manageReviews', title: 'Manage Reviews · Toolshop' },
    { path: '/dashboard/settings', title: 'Shop Settings · Toolshop' },
  ]) {
    await checkScreen(admin, screen);
  }
  await admin.context().close();
});

test('after a client-side route change, focus moves to the new screen’s heading', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).not.toBeFocused();
  await waitUntilHydrated(page);
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MY PORTFOLIO' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('My Portfolio · Toolshop');
});
