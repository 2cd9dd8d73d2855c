import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** WCAG 2.1 levels A and AA, the bar every screen must meet. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe ships its check of WCAG 2.5.3 (Label in Name: a control's name contains its visible text) as
// experimental, so off unless asked for; Lighthouse runs it.
const EXPERIMENTAL_WCAG_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Runs axe-core on the page as it is now and fails (softly, so one run lists every screen's problems)
 * with one readable line per offending element: rule, impact, selector and axe's own advice.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Colours halfway through a transition (a button turning enabled as the page hydrates) are not what a
  // visitor reads: the finite ones end first. A spinner's endless animation is not waited for, nor one
  // driven by scrolling rather than time (daisyUI's while a modal is open), which never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.timeline instanceof DocumentTimeline &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe.run() in the page itself, skipping a blank page opened to merge the results of
  // each frame: half the time per screen. It leaves out cross-origin frames, and the shop's pages have
  // none (Stripe's card field is one only in Stripe mode, which the journeys do not run).
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: EXPERIMENTAL_WCAG_RULES })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
  expect.soft(report, `axe-core violations on ${screen}`).toEqual([]);
}
