import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { waitUntilHydrated } from '../support/hydration';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the results come first, and the filters open on demand and stay open while applied', async ({
  page,
}) => {
  await page.goto('/tools?q=meter');
  await waitUntilHydrated(page);
  const results = page.getByRole('main').getByRole('article');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const inStock = filters.getByRole('checkbox', { name: /In stock only/ });

  await expect(results.first()).toBeInViewport();
  await expect(inStock).toBeHidden();
  await expectNoAxeViolations(page, 'catalogue on a phone, filters folded');

  await filters.getByText('Filters', { exact: true }).click();
  await expect(inStock).toBeVisible();
  await inStock.check();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(filters.getByText('1 applied')).toBeVisible();
  // Applied with script, the folding stays open for the next choice.
  await expect(filters.getByRole('radio', { name: 'Any price' })).toBeVisible();
  await expectNoAxeViolations(page, 'catalogue on a phone, filters open');
});
