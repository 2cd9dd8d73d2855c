import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

// The menu button exists below the md breakpoint only: these journeys run in the phone project (390 px).

test('the open phone menu has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await expectNoAxeViolations(page, '/ with the menu open');
});

test('Escape closes the phone menu and returns focus to its button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BLOGS' });
  await menu.focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
