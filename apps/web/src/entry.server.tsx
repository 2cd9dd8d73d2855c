import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

// A page that cannot finish rendering in this time is cut short rather than holding the connection.
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole page before answering, for every visitor: search engines and link previews get the
 * complete HTML, the server can keep it for the next anonymous visitor, and its inline scripts can be
 * hashed into the Content-Security-Policy (decision 024).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  let failed = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  await body.allReady;
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(body, { status: failed ? 500 : status, headers });
}
