import type { Browser, Page } from '@playwright/test';
import type { Tool } from '@toolshop/shared/tool';
import { newAccount, openAdminPage, signInThroughForm, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { waitUntilHydrated, waitUntilSettled } from '../support/hydration';
import { waitForMail } from '../support/mailbox';

/**
 * Fresh products of one make, added through the API as the admin, so that no other journey takes their
 * stock: prices with cents, minimum orders of 2, 3 and 4.
 */
async function addTools(baseURL: string, browser: Browser, count: number): Promise<Tool[]> {
  const admin = await openAdminPage(browser);
  const make = `Kestrel${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const added: Tool[] = [];
  for (let i = 1; i <= count; i += 1) {
    const response = await admin.request.post('/api/tools', {
      headers: { origin: baseURL },
      data: {
        name: `${make} bit driver ${i}`,
        price: 7.25 + i * 3.5,
        availableQuantity: 200,
        minimumOrder: i + 1,
        description: `A ${make} bit driver for laptop repair.`,
        img: '/images/tools/precision-screwdriver-set.svg',
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    added.push((await response.json()) as Tool);
  }
  await admin.context().close();
  return added;
}

const cartLink = (page: Page, lines: number) =>
  page.getByRole('link', { name: `CART ${lines} ${lines === 1 ? 'line' : 'lines'}` });

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The product page's own quantity, then Add to cart, and the word that it went in. */
async function addFromProductPage(page: Page, tool: Tool, quantity: number) {
  await page.goto(`/tools/${tool._id}`);
  await waitUntilHydrated(page);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await page.getByRole('button', { name: `Add to cart ${tool.name}` }).click();
  // The product's own status line: the related tools' cards below have theirs.
  await expect(page.getByRole('region', { name: tool.name, exact: true }).getByRole('status')).toHaveText(
    `Added ${tool.name} to your cart.`,
  );
}

test('a visitor fills a cart, signs in, checks out, pays once and follows the order to its delivery', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const buyer = await signUpViaApi(page.request, baseURL!, newAccount('checkout'));
  await page.context().clearCookies(); // a visitor from here on, with an account to sign in to later
  const [fromCard, second, third] = await addTools(baseURL!, browser, 3);

  await page.goto(`/tools?q=${encodeURIComponent(fromCard!.name)}`);
  await waitUntilHydrated(page);
  const card = page.getByRole('article', { name: fromCard!.name });
  await card.getByRole('button', { name: `Add to cart ${fromCard!.name}` }).click();
  await expect(card.getByRole('status')).toHaveText(`Added ${fromCard!.name} to your cart.`);
  const quantities = [fromCard!.minimumOrder, second!.minimumOrder + 1, third!.minimumOrder + 2];
  await addFromProductPage(page, second!, quantities[1]!);
  await addFromProductPage(page, third!, quantities[2]!);
  await expect(cartLink(page, 3)).toBeVisible();

  // Signing in keeps the visitor's cart.
  await page.goto('/login');
  await signInThroughForm(page, buyer.email, buyer.password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(cartLink(page, 3)).toBeVisible();

  await cartLink(page, 3).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Order lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  const subtotal = [fromCard!, second!, third!].reduce(
    (sum, tool, index) => sum + Math.round(tool.price * 100) * quantities[index]!,
    0,
  );
  const total = `$${(subtotal / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(total);
  await waitUntilSettled(page);
  await expectNoAxeViolations(page, '/checkout');
  await page.getByLabel('Address').fill('4 Dock Street, Galway');
  await page.getByRole('button', { name: 'Place order' }).click();

  // One payment for the whole order.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByText(/^Please pay for order #\d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/orders\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/^Order /, '');
  const orderUrl = page.url();
  await expect(page.getByRole('region', { name: 'What you ordered' }).getByRole('row')).toHaveCount(4);
  await expect(cartLink(page, 0)).toBeVisible();

  const receipt = await waitForMail(buyer.email, new RegExp(`receipt for order ${number}`));
  for (const tool of [fromCard!, second!, third!]) expect(receipt.text).toContain(tool.name);
  expect(receipt.text).toContain(total);
  expect(receipt.html).toContain(total);

  await page.goto('/dashboard/myOrders');
  await page.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(orderUrl);

  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard/manageOrders');
  const row = admin.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: /^Mark shipped/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Carrier').fill('An Post');
  await dialog.getByLabel('Tracking number').fill('CP123456789IE');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(row.getByText('shipped', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^delivery/ }).click();
  await expect(row.getByText('delivered', { exact: true })).toBeVisible();
  await admin.context().close();

  await waitForMail(buyer.email, new RegExp(`order ${number} has shipped`));
  await waitForMail(buyer.email, /was delivered/);
  await page.goto(orderUrl);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Shipped');
  await expect(timeline).toContainText('An Post, tracking number CP123456789IE');
  await expect(timeline).toContainText('Delivered');
});

test('a declined card leaves the checked-out order unpaid and payable', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  const [tool] = await addTools(baseURL!, browser, 1);
  await addFromProductPage(page, tool!, tool!.minimumOrder);
  await page.goto('/checkout');
  await page.getByLabel('Address').fill('9 Quay Street, Cork');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByText('Your order is still unpaid: try again or use another card.')).toBeVisible();

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
});
