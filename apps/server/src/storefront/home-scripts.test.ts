import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';

// The home page's JavaScript budget (issue 28, bench/run.mjs): zod alone is about 27 kB gzipped. It has
// come back twice through a small shared rule or constant whose module also held schemas; the storefront
// reads those from zod-free modules (stock-state.ts, tool-sorts.ts).
const t = useTestApp({ webApp: true });

/** Every script the server-rendered page names: its entry, route modules and the preloads. */
async function scriptsOf(url: string) {
  const html = (await t.app.inject({ url })).body;
  const files = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
  return Promise.all(files.map(async (file) => ({ file, text: (await t.app.inject({ url: file })).body })));
}

// zod names each of its schema classes in a string, which minifying keeps (in whichever quotes).
const holdsZod = (script: string) => /["'`]\$ZodType["'`]/.test(script);

describe("the home page's scripts", () => {
  it('leave zod out: the page has no form that needs it before a visitor opens one', async () => {
    const scripts = await scriptsOf('/');

    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter(({ text }) => holdsZod(text)).map(({ file }) => file)).toEqual([]);
  });

  it('that check does find zod where a page uses it: the sign-up form validates in the browser', async () => {
    const scripts = await scriptsOf('/register');

    expect(scripts.some(({ text }) => holdsZod(text))).toBe(true);
  });
});
