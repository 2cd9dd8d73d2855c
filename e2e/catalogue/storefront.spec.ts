import type { Page } from '@playwright/test';
import { newAccount, openAdminPage, signInThroughForm, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { toasts } from '@toolshop/shared/messages';

interface ToolJson {
  _id: string;
  name: string;
}

/**
 * Thirteen products of one make, each a dollar dearer than the last: more than one page of 12. The
 * newest is nearly sold out.
 */
async function addProbes(admin: Page, baseURL: string, make: string): Promise<ToolJson[]> {
  const added: ToolJson[] = [];
  for (let i = 1; i <= 13; i += 1) {
    const response = await admin.request.post('/api/tools', {
      headers: { origin: baseURL },
      data: {
        name: `${make} probe ${String(i).padStart(2, '0')}`,
        price: 10 + i,
        availableQuantity: 100,
        minimumOrder: 5,
        description: `Spring-loaded ${make} test probe for board repair.`,
        img: '/images/tools/digital-multimeter.svg',
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    added.push((await response.json()) as ToolJson);
  }
  // The last one runs down to 2 on the shelf: below its minimum order of 5, so no longer orderable.
  const restock = await admin.request.patch(`/api/tools/${added[12]!._id}`, {
    headers: { origin: baseURL },
    data: { restAvailableQuantity: 2 },
  });
  expect(restock.ok(), await restock.text()).toBe(true);
  return added;
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('a visitor searches, sorts, filters and pages through the whole catalogue', async ({
  page,
  browser,
  baseURL,
}) => {
  const make = `Zorblax${Date.now().toString(36)}`;
  const admin = await openAdminPage(browser);
  await addProbes(admin, baseURL!, make);
  await admin.context().close();

  await page.goto('/');
  await page.getByRole('link', { name: 'See all tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  // The catalogue's own search form (the navbar has one too).
  const catalogueSearch = page.getByRole('search', { name: 'Find tools' });

  // The search matches descriptions too: "spring-loaded" is in no name.
  await catalogueSearch.getByRole('searchbox', { name: 'Search tools' }).fill(`spring-loaded ${make}`);
  await catalogueSearch.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/tools\?q=spring-loaded/);
  await expect(page.getByText('Showing 1–12 of 13 tools')).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText(`${make} probe 13`); // newest first

  await page.getByRole('navigation', { name: 'Catalogue pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 13–13 of 13 tools')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await page.goBack();
  await expect(page.getByText('Showing 1–12 of 13 tools')).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(cards(page).first()).toContainText(`${make} probe 01`);
  await expect(cards(page).first()).toContainText('$11.00 per unit');

  // Probe 13 has 2 left and sells by 5: not orderable, so not "in stock".
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(page.getByText('Showing 1–12 of 12 tools')).toBeVisible();

  await catalogueSearch.getByRole('searchbox', { name: 'Search tools' }).fill('no shop sells this');
  await catalogueSearch.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'No tools match your search' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(cards(page)).toHaveCount(12);
});

test('a customer opens a product page from the catalogue and buys from it', async ({ page, baseURL }) => {
  const make = `Quibble${Date.now().toString(36)}`;
  const admin = await openAdminPage(page.context().browser()!);
  const [probe] = await addProbes(admin, baseURL!, make);
  await admin.context().close();
  const buyer = newAccount('storefront');
  await signUpViaApi(page.request, baseURL!, buyer);
  await page.context().clearCookies(); // a visitor first: the purchase asks for sign-in

  await page.goto(`/tools?q=${make}%20probe%2001`);
  await page.getByRole('link', { name: `${make} probe 01`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/${probe!._id}$`));
  await expect(page).toHaveTitle(`${make} probe 01 · Toolshop`);
  const details = page.getByRole('region', { name: `${make} probe 01`, exact: true });
  await expect(details.getByRole('heading', { level: 1 })).toHaveText(`${make} probe 01`);
  await expect(details).toContainText('$11.00 per unit');
  await expect(details).toContainText('Available quantity100');
  await expect(details).toContainText('Minimum order5');
  await expect(details).toContainText('In stock');

  await page.getByRole('link', { name: `Purchase ${make} probe 01` }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/purchase/${probe!._id}`)}`);
  await signInThroughForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(new RegExp(`/purchase/${probe!._id}$`));

  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Address').fill('3 Quay Street, Galway');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(toasts.orderPlaced)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);

  // The product page shows the stock the order reserved.
  await page.goto(`/tools/${probe!._id}`);
  await expect(page.getByRole('region', { name: `${make} probe 01`, exact: true })).toContainText(
    'Available quantity95',
  );
});

test('an unknown product answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/tools/00000000-0000-4000-8000-000000000000');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Toolshop');
});
