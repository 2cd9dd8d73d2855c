import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
// The typeface styles.css names, served from our own origin: the shop's cut of Inter's Latin faces
// (scripts/subset-inter.mjs, decision 028), each fetched only when a page uses its letters.
import interFaces from './shell/fonts/inter.css?inline';
import styles from './shell/styles.css?inline';
import { InlineStylesContext } from './shell/inline-styles';
import { holdScriptsUntilPainted } from './shell/scripts-after-paint';

const css = interFaces + styles;

// A page that cannot finish rendering in this time is cut short rather than holding the connection.
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole page before answering, for every visitor: search engines and link previews get the
 * complete HTML, and the server can keep it for the next anonymous visitor (decision 024). Every script
 * the page emits carries this rendering's nonce, the one the server lists in the page's
 * Content-Security-Policy (decision 035). The scripts wait for the first paint (decision 027).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let failed = false;
  const { nonce } = loadContext.storefront;
  const page = (
    <InlineStylesContext.Provider value={css}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </InlineStylesContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    // The page is sent whole (above), so nothing is gained by React moving a large finished Suspense
    // boundary (My Orders' table) after the rest of the page with its spinner in place: that costs a
    // script and a reveal React delays after the first paint, a layout shift (decision 061).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  await body.allReady;
  const html = holdScriptsUntilPainted(await new Response(body).text(), nonce);
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(html, { status: failed ? 500 : status, headers });
}
