import { readFileSync } from 'node:fs';
import { newAccount, openAdminPage, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { toasts } from '@toolshop/shared/messages';

test('an admin adds, edits and deletes a product; customers see each change in the shop', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Pro Spudger Set ${Date.now().toString(36)}`;
  const admin = await openAdminPage(browser);

  // Add it, with a real image uploaded through the form.
  await admin.goto('/dashboard/addProduct');
  await admin.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Name is Required',
    'price is Required',
    'availableQuantity is Required',
    'minimumOrder is Required',
    'description is Required',
    'Image is Required',
  ]) {
    await expect(admin.getByText(message, { exact: true })).toBeVisible();
  }
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Price').fill('24.5');
  await admin.getByLabel('Available quantity').fill('300');
  await admin.getByLabel('Minimum order').fill('6');
  await admin
    .getByLabel('Description')
    .fill('Anti-static nylon spudgers in five shapes, for prying without scratches.');
  await admin.getByLabel('Image').setInputFiles({
    name: 'spudgers.png',
    mimeType: 'image/png',
    buffer: readFileSync('docs/images/home.png'),
  });
  await admin.getByRole('button', { name: 'Add Product' }).click();
  await expect(admin.getByText('Product added successfully')).toBeVisible();

  // Newest first: it is on the home page, with its image, for a signed-in customer.
  await signUpViaApi(page.request, baseURL!, newAccount('shopper'));
  await page.goto('/');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$24.50 per unit');
  const image = card.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}\.webp$/);
  // The card's slot is at most 400 px wide: the browser picks a smaller size than the stored 1200 px. The
  // image loads as a visitor scrolls to it (the first request for a size also makes it on the server).
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    source: img.currentSrc,
  }));
  expect(shown.source).toMatch(/\.webp\?w=(320|480|960)$/);
  expect(shown.width).toBeLessThan(1200);

  // The customer buys it.
  await card.getByRole('link', { name: `Purchase ${name}` }).click();
  await page.getByLabel('Quantity').fill('6');
  await page.getByLabel('Address').fill('4 Dock Road');
  const purchaseUrl = page.url();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(toasts.orderPlaced)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await page.goto(purchaseUrl);

  // The admin changes its price; the purchase page shows the new one.
  await admin.goto('/dashboard/manageProduct');
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('294');
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = admin.getByRole('dialog');
  await editor.getByLabel('Price').fill('19.75');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Product updated')).toBeVisible();
  await expect(row).toContainText('$19.75');
  await page.reload();
  await expect(page.getByRole('region', { name, exact: true })).toContainText('$19.75 per unit');

  // The admin deletes it: gone from the shop, its purchase page is not found, the order keeps its name.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}!`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText(`${name} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.context().close();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tools', exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })).toHaveCount(0);
  await page.goto(purchaseUrl);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});
