/**
 * The page's scripts start loading once the browser has painted the server's HTML, not before (decision 027).
 *
 * React Router's `<Scripts />` preloads every module of the page from the head and runs them as soon as they
 * arrive. The page is complete without them (its links and the catalogue's search form work as they are), yet
 * on a phone they cost its first paint twice: their downloads share the slow link with the HTML, and once
 * cached they evaluate and hydrate before the first frame. Here a small inline script holds the module's
 * text and starts it, with its preloads, once the browser reports the page's first contentful paint.
 */

// What `<Scripts />` renders (react-router 7), with the rendering's nonce (decision 035); the server's page
// tests fail if it stops matching.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"\s]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT = /<script(?: nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Runs in the page as an inline script, sent as its source text with the module's text, its preloads and
 * the page's nonce as arguments. It reads nothing from the page: an element injected into the HTML cannot
 * make it run anything else, and the module it inserts carries the nonce the Content-Security-Policy lists.
 */
function startAfterPaint(module: string, preloads: string[], nonce: string) {
  const start = () => {
    // Into the head, all at once: a change to the body's children would restyle the whole page (the
    // stylesheet has :has() and sibling rules on it).
    const scripts = document.createDocumentFragment();
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      scripts.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = module;
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

// A script's text ends at the first `</script`: inside it, every `<` is written as an escape.
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The rendered page with its module preloads and module script replaced by a starter that inserts them
 * after the first paint, carrying `nonce`.
 */
export function holdScriptsUntilPainted(html: string, nonce: string): string {
  const module = MODULE_SCRIPT.exec(html)?.[1];
  if (module === undefined) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const args = [module, preloads, nonce].map(scriptLiteral).join(',');
  const starter = `<script nonce="${nonce}">(${startAfterPaint.toString()})(${args})</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => starter);
}
