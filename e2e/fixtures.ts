import { test as base, expect } from '@playwright/test';

const EXPECTED_HTTP_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Every journey fails if the page logs an error to the console or throws: a shop that "works" while
 * spewing errors is not finished.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium also logs every 4xx answer it receives; those are API answers the page handles (a
        // not-found tool, a refused sign-in), not errors of the page.
        if (message.type() === 'error' && !EXPECTED_HTTP_ANSWER.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
