import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
// The typeface styles.css names, served from our own origin (unicode-range: only the subsets a page uses).
import interFaces from '@fontsource-variable/inter?inline';
import styles from './app/styles.css?inline';
import { InlineStylesContext } from './app/inline-styles';
import { holdScriptsUntilPainted } from './app/scripts-after-paint';

// The Latin faces only: the shop writes English. A Greek or Cyrillic letter in a description (the Ω of
// "1 MΩ") is drawn in the system's font rather than costing a 20 kB download before the first paint.
const LATIN_FACES = /@font-face\s*\{[^}]*\/inter-latin(?:-ext)?-wght-normal[^}]*\}/g;

// `optional`, not the package's `swap`: a typeface arriving after the text has painted in the fallback
// would reflow the page (a layout shift on every first visit over a slow link). Past its short block
// period the fallback stays for that page; once cached, Inter is used from the first paint.
const css =
  (interFaces.match(LATIN_FACES) ?? []).join('').replace(/font-display:\s*swap/g, 'font-display:optional') +
  styles;

// A page that cannot finish rendering in this time is cut short rather than holding the connection.
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole page before answering, for every visitor: search engines and link previews get the
 * complete HTML, the server can keep it for the next anonymous visitor, and its inline scripts can be
 * hashed into the Content-Security-Policy (decision 024). The scripts wait for the first paint (decision 027).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  let failed = false;
  const page = (
    <InlineStylesContext.Provider value={css}>
      <ServerRouter context={routerContext} url={request.url} />
    </InlineStylesContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  await body.allReady;
  const html = holdScriptsUntilPainted(await new Response(body).text());
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(html, { status: failed ? 500 : status, headers });
}
