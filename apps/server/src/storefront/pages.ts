import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { errorBody } from '../plugins/app/errors';
import { encodeBody, type Produced, type ResponseCache } from '../plugins/app/response-cache';
import { REVIEWS_TOPIC } from '../reviews/service';
import { CATALOGUE_TOPIC } from '../tools/stock';
import { policyForPage } from './content-security';
import { hasSessionCookie, storefrontContext } from './context';

/** What the pages show that can change: a write to either drops every page kept for anonymous visitors. */
const PAGE_TOPICS = [CATALOGUE_TOPIC, REVIEWS_TOPIC];

export interface StorefrontPagesOptions {
  /**
   * The web app's server build: its file (apps/web/dist/server/index.js; missing, the shop serves the API
   * alone), or in development a function loading the newest one from Vite.
   */
  serverBuild: string | (() => Promise<ServerBuild>);
  responses: ResponseCache;
  publicUrl: string;
}

/** Whether a request that matched no API route or file is a page (or a client navigation's data). */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  // An address with an extension is a file; a browser asking for a page by such a name still gets one.
  return (
    !path.extname(pathname) ||
    pathname.endsWith('.data') ||
    Boolean(request.headers.accept?.includes('text/html'))
  );
}

function requestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, String(value));
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
  });
}

/**
 * Renders the web app's pages on the server with React Router's own request handler (decision 024). A
 * page for an anonymous visitor is rendered once and kept, compressed, until the catalogue or the reviews
 * change; a signed-in visitor's page is rendered for them and never kept.
 */
export const storefrontPages = fp(async (app: FastifyInstance, options: StorefrontPagesOptions) => {
  const { serverBuild } = options;
  const devBuild = typeof serverBuild === 'function';
  const handle = devBuild
    ? createRequestHandler(serverBuild, 'development')
    : existsSync(serverBuild)
      ? createRequestHandler((await import(pathToFileURL(serverBuild).href)) as ServerBuild, 'production')
      : null;

  async function render(request: FastifyRequest, reply: FastifyReply): Promise<Produced> {
    const response = await handle!(requestOf(request), {
      storefront: storefrontContext(app, request, options.publicUrl),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    const text = await response.text();
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = policyForPage(policy, text);
    }
    return { text, status: response.status, headers };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '', query] = request.url.split('?');
    if (!handle || !isPageRequest(request, pathname)) {
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathname}`));
    }
    const anonymous = !hasSessionCookie(request);
    // Kept: an anonymous GET of a page's plain address. Not a HEAD (React Router answers it with no
    // body), not a client navigation's data, not an address with a query string (any visitor could make
    // endless variants; /tools?q= searches render each time), and not in development (sources change).
    const isPlainGet = request.method === 'GET' && query === undefined && !pathname.endsWith('.data');
    const body =
      anonymous && isPlainGet && !devBuild
        ? await options.responses.get(PAGE_TOPICS, pathname, () => render(request, reply))
        : encodeBody(await render(request, reply));
    // A signed-in visitor's page names them: no shared cache may keep it.
    return options.responses.send(request, reply, body, anonymous ? 'no-cache' : 'private, no-cache');
  });
});
