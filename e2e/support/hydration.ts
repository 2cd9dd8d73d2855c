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

/**
 * Waits until a screen has settled for a check of the whole of it (axe, a screenshot): its scripts have
 * hydrated it, no part of it still says it is loading, and every image it loads at once has arrived (a
 * lazy one below the fold waits for a scroll, as it does for a person). Waiting for the network to go
 * quiet instead (`networkidle`) waits for nothing a person sees, and Playwright discourages it.
 */
export async function waitUntilSettled(page: Page) {
  await waitUntilHydrated(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
      ),
    )
    .toBe(true);
}
