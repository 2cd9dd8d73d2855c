// Lighthouse's mobile audit (its default: a mid-range phone on slow 4G, simulated) of the storefront's
// pages, in Debian's Chromium, as issue 11 measures first paint.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const LCP_TARGET_MS = 1500;

/** One row per page: the four scores, largest contentful paint and layout shift, against their targets. */
export async function lighthouseRows(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const rows = [];
    for (const path of paths) {
      const { lhr } = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)]),
      );
      const lcp = lhr.audits['largest-contentful-paint'].numericValue;
      const cls = lhr.audits['cumulative-layout-shift'].numericValue;
      rows.push({
        figure: `Lighthouse mobile ${path.replace(/[0-9a-f-]{36}/, ':id')}`,
        shop: `${CATEGORIES.map((id) => scores[id]).join(' / ')}; LCP ${(lcp / 1000).toFixed(1)} s; CLS ${cls.toFixed(3)}`,
        bare: '—',
        ratio: '—',
        target: '98 / 100 / 100 / 100; LCP ≤ 1.5 s; CLS 0',
        met: CATEGORIES.every((id) => scores[id] >= TARGETS[id]) && lcp <= LCP_TARGET_MS && cls === 0,
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
