import type { Page } from '@playwright/test';
import { seedTools } from '../apps/server/src/db/seed-data';
import { newAccount, openAdminPage, signUpViaApi } from './accounts-fixtures';
import { expect, test } from './fixtures';
import { waitUntilHydrated } from './support/hydration';
import { toasts } from '@toolshop/shared/messages';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrder: number;
  availableQuantity: number;
}

/**
 * A seeded tool from beyond the six the home page shows (whose stock public-pages.spec checks): each test
 * takes its own, by name, so that parallel journeys never share stock.
 */
async function seededTool(page: Page, index: 6 | 7 | 8): Promise<Tool> {
  const tools = (await (await page.request.get('/api/tools')).json()) as Tool[];
  return tools.find((tool) => tool.name === seedTools[index]!.name)!;
}

/** The stock the purchase page shows, in the tool's details (a region named after the tool). */
async function expectAvailable(page: Page, tool: Tool, quantity: number) {
  await expect(page.getByRole('region', { name: tool.name, exact: true })).toContainText(
    `Available quantity${quantity.toLocaleString('en-US')}`,
  );
}

async function placeOrder(page: Page, tool: Tool, quantity: number) {
  await page.goto(`/purchase/${tool._id}`);
  // Drawn by the server now (decision 061): its form takes what is typed once the scripts run.
  await waitUntilHydrated(page);
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByLabel('Address').fill('12 Harbour Road, Cork');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a customer orders within the limits, pays by card, and an admin delivers the order', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await signUpViaApi(page.request, baseURL!, newAccount('buyer'));
  const tool = await seededTool(page, 6);
  await page.goto(`/purchase/${tool._id}`);
  await waitUntilHydrated(page);

  const quantity = page.getByLabel('Quantity');
  const placeOrderButton = page.getByRole('button', { name: 'Place Order' });
  await expect(page.getByLabel('Tool', { exact: true })).toHaveValue(tool.name);
  await expect(page.getByLabel('Name')).toHaveValue(buyer.name);
  await expect(page.getByLabel('Email')).toHaveValue(buyer.email);
  // An untouched form stays quiet; Place Order waits for a valid quantity.
  await expect(page.getByText('quantity error')).toHaveCount(0);
  await expect(placeOrderButton).toBeDisabled();

  await quantity.fill(String(tool.minimumOrder - 1));
  await expect(page.getByText('quantity error')).toBeVisible();
  await expect(placeOrderButton).toBeDisabled();

  await quantity.fill(String(tool.availableQuantity + 1));
  await expect(page.getByText('quantity error')).toBeVisible();
  await expect(placeOrderButton).toBeDisabled();

  const ordered = tool.minimumOrder + 2;
  await quantity.fill(String(ordered));
  await expect(page.getByText('quantity error')).toHaveCount(0);
  await page.getByLabel('Address').fill('12 Harbour Road, Cork');
  await placeOrderButton.click();
  await expect(page.getByText(toasts.orderPlaced)).toBeVisible();

  // Place Order lands on that very order's payment page, focused on the payment itself; My Orders links
  // to the same page.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeFocused();
  // The toast is shown below the navbar, whose LOG OUT it used to cover.
  const toastBox = await page
    .locator('.Toastify__toast')
    .filter({ hasText: toasts.orderPlaced })
    .boundingBox();
  const navbarBox = await page.getByRole('banner').boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(navbarBox!.y + navbarBox!.height);
  const paymentUrl = page.url();
  await expect(page.getByRole('heading', { name: `Hello, ${buyer.name}` })).toBeVisible();
  await expect(page.getByText(`Please pay for ${tool.name}`)).toBeVisible();
  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByText('You have 1 order')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row.getByText(/^pay by \d\d:\d\d \S+$/)).toBeVisible();
  await row.getByRole('link', { name: 'pay' }).click();
  await expect(page).toHaveURL(paymentUrl);
  await page.goto(`/purchase/${tool._id}`);
  await expectAvailable(page, tool, tool.availableQuantity - ordered);
  await page.goto(paymentUrl);

  await expect(page.getByRole('heading', { name: `Hello, ${buyer.name}` })).toBeVisible();
  await expect(page.getByText('Demo mode: no real charge')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  // A payment made lands on the order's own page (decision 051), told by a toast on the way.
  await expect(page).toHaveURL(paymentUrl.replace('/dashboard/payment/', '/orders/'));
  await expect(page.getByRole('alert').filter({ hasText: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();

  await page.goto('/dashboard/myOrders');
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  await expect(row.getByText(/^demo_[0-9a-f]+$/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'delete' })).toHaveCount(0);

  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard/manageOrders');
  const adminRow = admin.getByRole('row').filter({ hasText: buyer.email });
  await expect(adminRow.getByText('paid', { exact: true })).toBeVisible();
  await adminRow.getByRole('button', { name: 'delivery' }).click();
  await expect(adminRow.getByText('delivered', { exact: true })).toBeVisible();
  await admin.reload();
  await expect(adminRow.getByText('delivered', { exact: true })).toBeVisible();
  await expect(adminRow.getByRole('button', { name: 'delivery' })).toHaveCount(0);
  await admin.context().close();
});

test('a declined card shows its message and leaves the order unpaid', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const tool = await seededTool(page, 7);
  await placeOrder(page, tool, tool.minimumOrder);
  await page.goto('/dashboard/myOrders');
  await page.getByRole('link', { name: 'pay' }).click();

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeFocused();

  await payWith(page, '4000 0000 0000 9995');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }),
  ).toBeVisible();

  await payWith(page, '4242 4242 4242 4241');
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();

  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('link', { name: 'pay' })).toBeVisible();
});

test('what a buyer types before the scripts run stays typed, and Place Order takes it', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  const tool = await seededTool(page, 7);
  // The page's scripts held back while the buyer types, as on a slow phone; removing the route lets the
  // held requests go on. Not waiting for the load event: held scripts started before it would hold it.
  await page.route('**/assets/*.js', () => {});
  await page.goto(`/purchase/${tool._id}`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Quantity').fill(String(tool.minimumOrder));
  await page.getByLabel('Address').fill('3 Quay Street, Galway');
  await page.unroute('**/assets/*.js');
  await waitUntilHydrated(page);

  await expect(page.getByLabel('Quantity')).toHaveValue(String(tool.minimumOrder));
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
});

test('deleting an unpaid order through the dialog returns its stock', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const tool = await seededTool(page, 8);
  await placeOrder(page, tool, tool.minimumOrder);
  await page.goto(`/purchase/${tool._id}`);
  await expectAvailable(page, tool, tool.availableQuantity - tool.minimumOrder);

  await page.goto('/dashboard/myOrders');
  // My Orders arrives drawn by the server (decision 061); its delete opens a dialog of the page's scripts.
  await waitUntilHydrated(page);
  await page.getByRole('button', { name: 'delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${tool.name}!`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You have 1 order')).toBeVisible();

  await page.getByRole('button', { name: 'delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${tool.name} deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(0);

  await page.goto(`/purchase/${tool._id}`);
  await expectAvailable(page, tool, tool.availableQuantity);
});

test('deleting an unpaid order works as plain forms before the scripts run', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page.request, baseURL!);
  const tools = (await (await page.request.get('/api/tools')).json()) as Tool[];
  const tool = tools.find((candidate) => candidate.name === seedTools[10]!.name)!;
  const placed = await page.request.post('/api/order', {
    headers: { origin: baseURL! },
    data: { toolId: tool._id, quantity: tool.minimumOrder, address: '12 Harbour Road, Cork' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  await page.goto('/dashboard/myOrders');
  await page.getByRole('button', { name: `delete ${tool.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${tool.name}!`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('You have 1 order')).toBeVisible();

  await page.getByRole('button', { name: `delete ${tool.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByText('You have 0 orders')).toBeVisible();
  await context.close();
});
