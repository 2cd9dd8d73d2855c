import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../fixtures';

// The navbar's search (decision 056): a combobox by WAI-ARIA's pattern over the demo catalogue, used
// with the keyboard only; and, without it, a plain GET form to /tools.
test.describe('the navbar search', () => {
  test('suggests tools for a typo, by keyboard: ↓ chooses, Enter opens the tool, Escape closes', async ({
    page,
  }) => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search tools' });
    await expect(search).toHaveAttribute('aria-expanded', 'false');

    await search.focus();
    await page.keyboard.type('multimetre');
    const suggestions = page.getByRole('listbox', { name: 'Suggested tools' });
    const first = suggestions.getByRole('option').first();
    await expect(first).toContainText('True-RMS Auto-Ranging Digital Multimeter');
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(5);

    await page.keyboard.press('Escape');
    await expect(suggestions).toBeHidden();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toHaveValue('multimetre');

    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expectNoAxeViolations(page, 'navbar suggestions');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'True-RMS Auto-Ranging Digital Multimeter' }),
    ).toBeVisible();
  });

  test('Enter without a chosen suggestion opens the full results, by relevance', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search tools' });
    await search.focus();
    await page.keyboard.type('soldring');
    await expect(page.getByRole('option').first()).toContainText('60W Digital Soldering Station');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/tools\?q=soldring$/);
    await expect(
      page.getByRole('heading', { level: 3, name: '60W Digital Soldering Station' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('is a plain form to /tools', async ({ page }) => {
      await page.goto('/');
      const search = page.getByRole('searchbox', { name: 'Search tools' });
      await expect(page.getByRole('combobox', { name: 'Search tools' })).toHaveCount(0);
      await search.fill('tweezer');
      await search.press('Enter');

      await expect(page).toHaveURL(/\/tools\?q=tweezer$/);
      await expect(
        page.getByRole('heading', { level: 3, name: 'ESD-Safe Precision Tweezers Set (5-Piece)' }),
      ).toBeVisible();
    });
  });
});
