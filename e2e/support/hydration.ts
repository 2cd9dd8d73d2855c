import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's scripts have hydrated it. The storefront's scripts start only after the first
 * paint (decision 027), so a link clicked earlier loads the next page from the server, as it does without
 * JavaScript; a journey about client-side navigation waits for this first. The navbar's menu button is
 * disabled until hydration; at desktop widths it is hidden, hence `includeHidden`.
 */
export async function waitUntilHydrated(page: Page) {
  await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toBeEnabled();
}
