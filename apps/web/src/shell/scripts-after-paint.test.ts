import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdScriptsUntilPainted } from './scripts-after-paint';

// What React Router's <Scripts /> writes into a page (its preloads are hoisted into the head by React).
const NONCE = 'bm9uY2Utb2YtdGhpcy1wYWdl';
const MODULE = 'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const RENDERED =
  `<html><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${NONCE}"/></head>` +
  `<body><main>Tools</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE}</script></body></html>`;

/** Puts the served page's body and head into this document and runs its inline scripts, as a browser would. */
function load(html: string) {
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  for (const script of document.body.querySelectorAll('script:not([type])')) {
    new Function(script.textContent ?? '')();
  }
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
    link.getAttribute('href'),
  );
const moduleScripts = () => [...document.querySelectorAll('script[type=module]')].map((s) => s.textContent);
const moduleNonces = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type=module]')].map((s) => s.nonce);

function pageVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

/** The browser's paint timing, reporting the paints the test says happened. */
class PaintTiming {
  static supportedEntryTypes = ['paint'];
  static observing = new Set<PaintTiming>();
  static report(name: 'first-paint' | 'first-contentful-paint') {
    for (const observer of PaintTiming.observing) {
      observer.callback(
        { getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []) },
        observer,
      );
    }
  }
  constructor(private readonly callback: (entries: unknown, observer: PaintTiming) => void) {}
  observe() {
    PaintTiming.observing.add(this);
  }
  disconnect() {
    PaintTiming.observing.delete(this);
  }
}

describe('scripts held until the first paint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    vi.stubGlobal('PerformanceObserver', PaintTiming);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends no module to preload or run with the HTML', () => {
    const held = holdScriptsUntilPainted(RENDERED, NONCE);

    expect(held).not.toMatch(/<link[^>]*modulepreload/);
    expect(held).not.toMatch(/<script[^>]*type="module"/);
    expect(held).toContain('<main>Tools</main>');
    expect(held).toContain(`<script nonce="${NONCE}">(function startAfterPaint`);
  });

  it('runs the module it was written with, whatever the page holds', () => {
    pageVisibility('hidden');
    // An element injected into the HTML, named like something the starter might look for.
    const injected = '<div id="scripts-after-paint" data-preload="/evil.js">alert(1)</div>';
    load(holdScriptsUntilPainted(RENDERED.replace('<main>', `${injected}<main>`), NONCE));

    expect(moduleScripts()).toEqual([MODULE]);
    expect(preloads()).not.toContain('/evil.js');
  });

  it('starts the modules, with their preloads, once the page has shown its first content', () => {
    pageVisibility('visible');
    load(holdScriptsUntilPainted(RENDERED, NONCE));
    vi.runAllTimers();
    PaintTiming.report('first-paint');
    expect(moduleScripts()).toEqual([]);

    PaintTiming.report('first-contentful-paint');

    expect(moduleScripts()).toEqual([MODULE]);
    expect(moduleNonces()).toEqual([NONCE]);
    expect(preloads()).toEqual(['/assets/entry.client-1.js', '/assets/root-1.js']);
    PaintTiming.report('first-contentful-paint');
    expect(moduleScripts()).toEqual([MODULE]);
  });

  it('starts them after the next frame in a browser without paint timing', () => {
    // Some browsers that run modules have a PerformanceObserver without supportedEntryTypes.
    vi.stubGlobal('PerformanceObserver', {});
    pageVisibility('visible');
    load(holdScriptsUntilPainted(RENDERED, NONCE));
    expect(moduleScripts()).toEqual([]);

    vi.advanceTimersToNextFrame();
    expect(moduleScripts()).toEqual([]);
    vi.runOnlyPendingTimers();

    expect(moduleScripts()).toEqual([MODULE]);
  });

  it('starts them at once in a tab in the background, which paints no frame', () => {
    pageVisibility('hidden');
    load(holdScriptsUntilPainted(RENDERED, NONCE));

    expect(moduleScripts()).toEqual([MODULE]);
    expect(preloads()).toEqual(['/assets/entry.client-1.js', '/assets/root-1.js']);
  });

  it('leaves a page without React Router’s module script as it is', () => {
    const page = '<html><head></head><body><p>Down for maintenance</p></body></html>';

    expect(holdScriptsUntilPainted(page, NONCE)).toBe(page);
  });
});
