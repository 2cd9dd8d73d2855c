/**
 * The page's scripts start loading once the browser has painted the server's HTML, not before (decision 027).
 *
 * React Router's `<Scripts />` preloads every module of the page from the head and runs them as soon as they
 * arrive. The page is complete without them (its links and the catalogue's search form work as they are), yet
 * on a phone they cost its first paint twice: their downloads share the slow link with the HTML, and once
 * cached they evaluate and hydrate before the first frame. Here the module script is held in the page as
 * inert text, and a small inline script starts it, with its preloads, once the browser reports the page's
 * first contentful paint.
 */

const HELD_MODULE_ID = 'scripts-after-paint';

// What `<Scripts />` renders (react-router 7); the server's page tests fail if it stops matching.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"\s]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Runs in the page as an inline script, sent as its source text: listed in the Content-Security-Policy by its
 * hash like every inline script. The module it inserts carries the held text unchanged, so that hash is
 * listed too.
 */
function startAfterPaint(heldId: string) {
  const held = document.getElementById(heldId)!;
  const start = () => {
    // Into the head, all at once: a change to the body's children would restyle the whole page (the
    // stylesheet has :has() and sibling rules on it). The held text stays where it was, inert.
    const scripts = document.createDocumentFragment();
    for (const href of held.dataset.preload!.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      scripts.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.textContent = held.textContent;
    scripts.append(script);
    document.head.append(scripts);
  };
  // The browser reports the first contentful paint once the frame is on screen. A tab in the background
  // paints nothing until it is shown, and a browser without paint timing (some that run modules have no
  // supportedEntryTypes) gets the task after the next frame.
  const paintTiming = (PerformanceObserver.supportedEntryTypes as readonly string[] | undefined)?.includes(
    'paint',
  );
  if (document.visibilityState !== 'visible') start();
  else if (!paintTiming) requestAnimationFrame(() => setTimeout(start));
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  }
}

// The same for every page: written once, not on every render.
const STARTER = `<script>(${startAfterPaint.toString()})(${JSON.stringify(HELD_MODULE_ID)})</script>`;

/** The rendered page with its module preloads and module script held until after the first paint. */
export function holdScriptsUntilPainted(html: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      (_, module: string) =>
        `<script type="text/plain" id="${HELD_MODULE_ID}" data-preload="${preloads.join(' ')}">${module}</script>${STARTER}`,
    );
}
