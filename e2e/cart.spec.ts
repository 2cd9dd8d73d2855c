import type { Page } from '@playwright/test';
import type { Tool } from '@toolshop/shared/tool';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { waitUntilHydrated, waitUntilSettled } from './support/hydration';

/** Two tools of the seeded catalogue that can be ordered, as the catalogue's first page lists them. */
async function twoTools(page: Page): Promise<[Tool, Tool]> {
  const answer = await page.request.get('/api/tools?page=1&limit=12');
  const { items } = (await answer.json()) as ToolPage;
  const orderable = items.filter((tool) => tool.availableQuantity >= tool.minimumOrder * 3);
  return [orderable[0]!, orderable[1]!];
}

const cartLink = (page: Page, lines: number) =>
  page.getByRole('link', { name: `CART ${lines} ${lines === 1 ? 'line' : 'lines'}` });

test('a visitor fills a cart from a card and a product page, and changes it, without a reload', async ({
  page,
}) => {
  const [fromCard, fromPage] = await twoTools(page);
  await page.goto('/tools');
  await waitUntilHydrated(page);
  await expect(cartLink(page, 0)).toBeVisible();
  // Set on this document only: still there at the end, no page was loaded anew.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const card = page.getByRole('article', { name: fromCard.name });
  await card.getByRole('button', { name: `Add to cart ${fromCard.name}` }).click();
  await expect(card.getByRole('status')).toHaveText(`Added ${fromCard.name} to your cart.`);
  await expect(cartLink(page, 1)).toBeVisible();
  // SPEC's purchase button keeps its text and its address beside it.
  await expect(card.getByRole('link', { name: `Purchase ${fromCard.name}` })).toHaveAttribute(
    'href',
    `/purchase/${fromCard._id}`,
  );

  await page.getByRole('link', { name: fromPage.name, exact: true }).click();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue(String(fromPage.minimumOrder));
  await quantity.fill(String(fromPage.minimumOrder - 1));
  await expect(page.getByText('quantity error')).toBeVisible();
  await quantity.fill(String(fromPage.minimumOrder * 2));
  await page.getByRole('button', { name: `Add to cart ${fromPage.name}` }).click();
  // The product's own status line: the related tools' cards below have theirs.
  await expect(page.getByRole('region', { name: fromPage.name, exact: true }).getByRole('status')).toHaveText(
    `Added ${fromPage.name} to your cart.`,
  );
  await expect(cartLink(page, 2)).toBeVisible();

  await cartLink(page, 2).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${fromCard.name}` })).toHaveValue(
    String(fromCard.minimumOrder),
  );
  await waitUntilSettled(page);
  await expectNoAxeViolations(page, '/cart');

  const line = page.getByRole('spinbutton', { name: `Quantity of ${fromPage.name}` });
  await line.fill(String(fromPage.minimumOrder * 3));
  await page.getByRole('button', { name: `Update ${fromPage.name}` }).click();
  await expect(line).toHaveValue(String(fromPage.minimumOrder * 3));
  await page.getByRole('button', { name: `Remove ${fromCard.name}` }).click();
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(page.getByRole('heading', { name: fromCard.name })).toHaveCount(0);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test.describe('before the scripts run', () => {
  test.use({ javaScriptEnabled: false });

  test('Add to cart and Remove work as plain HTML forms', async ({ page }) => {
    const [, tool] = await twoTools(page);
    await page.goto(`/tools/${tool._id}`);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(tool.minimumOrder + 1));
    await page.getByRole('button', { name: `Add to cart ${tool.name}` }).click();

    await expect(page).toHaveURL('/cart');
    await expect(cartLink(page, 1)).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${tool.name}` })).toHaveValue(
      String(tool.minimumOrder + 1),
    );
    await page.getByRole('button', { name: `Remove ${tool.name}` }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(cartLink(page, 0)).toBeVisible();
  });
});
