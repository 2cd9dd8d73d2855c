import { test as base, expect } from '@playwright/test';

const EXPECTED_HTTP_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d/;

// Playwright's trace recorder fetches blob: images (such as an upload's preview) from inside the page to
// store them in the trace; our CSP rightly refuses. The shop itself never fetches blob: URLs.
const TRACE_RECORDER_BLOB_FETCH =
  /^Connecting to 'blob:.*violates the following Content Security Policy directive: "connect-src/;

/**
 * Every journey fails if the page logs an error to the console or throws: a shop that "works" while
 * spewing errors is not finished.
 */
let clientsInThisWorker = 0;

export const test = base.extend<{ consoleErrors: string[] }>({
  // Each journey is its own customer on its own address (the shop runs as behind a proxy, TRUST_PROXY),
  // as real customers are: per-address rate limits then apply per journey, not to the whole suite.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    clientsInThisWorker += 1;
    const address = `198.18.${testInfo.workerIndex % 256}.${(clientsInThisWorker % 254) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium also logs every 4xx answer it receives; those are API answers the page handles (a
        // not-found tool, a refused sign-in), not errors of the page.
        const text = message.text();
        if (
          message.type() === 'error' &&
          !EXPECTED_HTTP_ANSWER.test(text) &&
          !TRACE_RECORDER_BLOB_FETCH.test(text)
        ) {
          errors.push(text);
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A refusal the page catches itself (zod's probe of `new Function`, decision 035) logs nothing, yet
      // browsers file it as a page issue: the page reports it to the console, where it fails the journey.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          // The trace recorder's blob: fetches (above) are Playwright's own, not the page's.
          if (event.blockedURI.startsWith('blob')) return;
          console.error(`Content-Security-Policy refused ${event.effectiveDirective}: ${event.blockedURI}`);
        });
      });
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
