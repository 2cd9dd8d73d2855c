import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ChangeFeed } from '../db/change-feed';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/errors';
import { createBoundedLine, LineRefusal, type BoundedLineOptions } from '../lib/bounded-line';
import { errorBody } from '../plugins/app/errors';
import { encodeBody, type ResponseCache } from '../plugins/app/response-cache';
import { newScriptNonce, policyForPage } from './content-security';
import { isPrivateRequest, storefrontContext } from './context';
import { createKeptPages, type RenderedPage } from './kept-pages';
import { keptAddress } from './page-addresses';
import { dependencyOfRead, type PageDependency } from './page-dependencies';
import { sendRefusal } from './refusal-page';

/**
 * Every rendering waits its turn here (decision 035): a render costs tens of milliseconds of the one event
 * loop, so a few at a time, a short wait, and two per client address; the rest are told to come back.
 */
const RENDER_LINE: BoundedLineOptions = { concurrency: 2, maxWaiting: 8, maxWaitMs: 1_000, perClient: 2 };

/** Where React Router's lazy route discovery asks for the routes a link leads to. */
const ROUTE_DISCOVERY_PATH = '/__manifest';

/** A page's form carries a few short fields (a tool's id, a quantity). */
const FORM_BODY_LIMIT = 4 * 1024;

export interface StorefrontPagesOptions {
  /**
   * The web app's server build: its file (apps/web/dist/server/index.js; missing, the shop serves the API
   * alone), or in development a function loading the newest one from Vite.
   */
  serverBuild: string | (() => Promise<ServerBuild>);
  responses: ResponseCache;
  changes: ChangeFeed;
  publicUrl: string;
}

/**
 * Whether a request that matched no API route or file is a page (or a client navigation's data). A POST is
 * a page's form, sent to its route action (a plain form before the scripts run, a fetcher after).
 */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  // An address with an extension is a file; a browser asking for a page by such a name still gets one.
  return (
    !path.extname(pathname) ||
    pathname.endsWith('.data') ||
    Boolean(request.headers.accept?.includes('text/html'))
  );
}

/** The request as React Router takes it, for `url` (the address asked for, or the one it is kept under). */
function requestOf(request: FastifyRequest, url: string): Request {
  return new Request(new URL(url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers: fromNodeHeaders(request.headers),
    // A form's fields, as the form-body parser below left them.
    ...(typeof request.body === 'string' ? { body: request.body } : {}),
  });
}

/**
 * Renders the web app's pages on the server with React Router's own request handler (decision 024). Every
 * rendering goes through a bounded line. A page for an anonymous visitor is kept, compressed, under its
 * canonical address until a change of what it shows; a signed-in visitor's page is rendered for them and
 * never kept (decision 035).
 */
export const storefrontPages = fp(async (app: FastifyInstance, options: StorefrontPagesOptions) => {
  const { serverBuild } = options;
  const devBuild = typeof serverBuild === 'function';
  const handle = devBuild
    ? createRequestHandler(serverBuild, 'development')
    : existsSync(serverBuild)
      ? createRequestHandler((await import(pathToFileURL(serverBuild).href)) as ServerBuild, 'production')
      : null;
  const line = createBoundedLine(RENDER_LINE);
  // A plain HTML form's fields reach its route action as the text they came in (React Router reads them).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const kept = createKeptPages(options.changes);

  async function render(request: FastifyRequest, reply: FastifyReply, url: string): Promise<RenderedPage> {
    const nonce = newScriptNonce();
    const dependencies: PageDependency[] = [];
    const apiCookies: string[] = [];
    const response = await handle!(requestOf(request, url), {
      storefront: storefrontContext(app, request, {
        publicUrl: options.publicUrl,
        nonce,
        onRead: (path, body) => dependencies.push(dependencyOfRead(path, body)),
        onCookies: (set) => apiCookies.push(...set),
      }),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const cookies = [...apiCookies, ...response.headers.getSetCookie()];
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    const text = await response.text();
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = policyForPage(policy, nonce);
    }
    // The page says the shop is briefly away (its loaders read a 503 from the API): come back soon.
    if (response.status === 503) headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
    return { text, status: response.status, headers, dependencies };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    if (!handle || !isPageRequest(request, pathname)) {
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathname}`));
    }
    // A visitor with a session or a cart sees their own navbar (and cart): their page is theirs alone; so is
    // the answer to a form (it may have just made their cart).
    const anonymous = request.method !== 'POST' && !isPrivateRequest(request);
    // Kept: an anonymous GET of a page everyone sees alike. Not a HEAD (React Router answers it with no
    // body), not a client navigation's data, and not in development (sources change).
    const address =
      anonymous && request.method === 'GET' && !pathname.endsWith('.data') && !devBuild
        ? keptAddress(pathname, queryAt < 0 ? '' : request.url.slice(queryAt + 1))
        : undefined;
    // Per client address (TRUST_PROXY decides which one a request has).
    const inLine = (url: string, urgent = false) =>
      line.run(request.ip, () => render(request, reply, url), { urgent });
    try {
      // React Router's route discovery (/__manifest) answers from the build's route table, renders
      // nothing and runs no loader: it does not queue behind renders, or a busy client's next link fails.
      const body =
        pathname === ROUTE_DISCOVERY_PATH
          ? encodeBody(await render(request, reply, request.url))
          : address === undefined
            ? encodeBody(await inLine(request.url))
            : await kept.serve(address, (refresh) => inLine(address, refresh));
      // A signed-in visitor's page names them: no shared cache may keep it.
      return options.responses.send(request, reply, body, anonymous ? 'no-cache' : 'private, no-cache');
    } catch (error) {
      if (error instanceof LineRefusal) return sendRefusal(reply, error);
      throw error;
    }
  });
});
