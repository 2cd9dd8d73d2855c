import { expect, test } from './fixtures';

// Runs in both the desktop (1280 px) and phone (390 px) projects; the screenshots are kept under
// test-results/screenshots for a person to look at.
const pages = [
  { name: 'home', path: '/', heading: 'Here Common Tools Useful for Working With Computers' },
  { name: 'blogs', path: '/blogs', heading: 'Blogs' },
  { name: 'portfolio', path: '/portfolio', heading: null },
  { name: 'not-found', path: '/missing-page', heading: 'Page not found' },
];

for (const { name, path, heading } of pages) {
  test(`${name} fits the screen without sideways scrolling`, async ({ page }, testInfo) => {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(heading ? h1.filter({ hasText: heading }) : h1).toBeVisible();
    await page.waitForLoadState('networkidle');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
    });
    await testInfo.attach(`${name}-${width}`, { path: `test-results/screenshots/${name}-${width}.png` });
  });
}

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
