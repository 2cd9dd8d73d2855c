import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { getSessionCookie } from 'better-auth/cookies';
import { CART_COOKIE, type Cart } from '@toolshop/shared/cart';
import type {
  SendOptions,
  StorefrontContext,
  StorefrontMethod,
  StorefrontUser,
} from '@toolshop/shared/storefront';
import { isDatabaseUnavailable } from '../db/errors';

/** Whether the request carries Better Auth's session cookie (with or without HTTPS's `__Secure-` prefix). */
export const hasSessionCookie = ({ headers: { cookie } }: FastifyRequest): boolean =>
  cookie !== undefined && getSessionCookie(new Headers({ cookie })) !== null;

/** Whether a Cookie header carries a session or a visitor's cart (decision 046). */
const isPrivateCookie = (cookie: string | undefined): boolean =>
  cookie !== undefined &&
  (getSessionCookie(new Headers({ cookie })) !== null ||
    cookie.split(';').some((pair) => pair.trim().startsWith(`${CART_COOKIE}=`)));

/** Whose page this is: a signed-in visitor's or a cart holder's shows what is theirs, and is never kept. */
export const isPrivateRequest = (request: FastifyRequest): boolean => isPrivateCookie(request.headers.cookie);

// What a call made for the visitor passes on of their request: who they are and where the browser says
// the request came from (the API's cross-site check, decision 013).
const VISITOR_HEADERS = ['authorization', 'origin', 'referer', 'sec-fetch-site'] as const;

/** `cookie` with the cookies of `setCookies` (Set-Cookie headers) put in, replacing those of their names. */
function withSetCookies(cookie: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of (cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const header of setCookies) {
    const pair = header.split(';', 1)[0]!;
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The account of the request's session cookie, or null; the database away is the page's 503. */
async function readSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<StorefrontUser | null> {
  if (!hasSessionCookie(request)) return null;
  const session = await app.auth.api
    .getSession({ headers: fromNodeHeaders(request.headers) })
    .catch((error: unknown) => {
      // The page says the shop is briefly away (503), as the API does, rather than failing (500).
      if (isDatabaseUnavailable(error)) throw new Response(null, { status: 503 });
      throw error;
    });
  if (!session) return null;
  const { id, name, email, image, emailVerified } = session.user;
  return { id, name, email, image: image ?? null, emailVerified };
}

/**
 * What the web app's loaders get while a page renders. Their reads go through the API in-process
 * (`inject`): the same validation, the same cached bytes and the same JSON a browser gets, no second
 * code path to the database. `onRead` hears each read and its answer (what the page will show).
 */
export function storefrontContext(
  app: FastifyInstance,
  request: FastifyRequest,
  {
    publicUrl,
    nonce,
    onRead,
    onCookies,
  }: {
    publicUrl: string;
    nonce: string;
    onRead(path: string, body: unknown): void;
    /** The cookies a call made for the visitor set, for the page's response. */
    onCookies(cookies: string[]): void;
  },
): StorefrontContext {
  // A later call of the same rendering (the loaders after an action) sees the cookies an earlier one set.
  let cookie = request.headers.cookie;
  let sessionUser: Promise<StorefrontUser | null> | undefined;
  const context: StorefrontContext = {
    publicUrl,
    nonce,
    async get<T>(path: string) {
      if (!path.startsWith('/api/')) throw new Error(`The storefront reads only the API, not ${path}`);
      // A read starts in a task of its own: against the embedded PGlite it runs in this thread, and a page
      // rendering in one piece would hold every other request for the whole of it.
      await new Promise((resolve) => setImmediate(resolve));
      // Public reads only: the visitor's cookies are not passed on, so nothing private can be cached.
      const response = await app.inject({ method: 'GET', url: path });
      const body = response.json<T>();
      onRead(path, body);
      return { status: response.statusCode, body };
    },
    async send<T>(
      method: StorefrontMethod,
      path: string,
      body?: unknown,
      { idempotencyKey }: SendOptions = {},
    ) {
      if (!path.startsWith('/api/')) throw new Error(`The storefront calls only the API, not ${path}`);
      await new Promise((resolve) => setImmediate(resolve));
      const headers: Record<string, string> = {};
      for (const name of VISITOR_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      if (cookie) headers.cookie = cookie;
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const response = await app.inject({
        method,
        url: path,
        // The visitor's own address, as Fastify read it (TRUST_PROXY): the API's limits per address (new
        // carts, Better Auth's sign-ins) count this visitor, not every form sent through this process.
        remoteAddress: request.ip,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const cookies = response.headers['set-cookie'];
      if (cookies !== undefined) {
        const setCookies = [cookies].flat();
        cookie = withSetCookies(cookie, setCookies);
        onCookies(setCookies);
      }
      return { status: response.statusCode, body: response.body ? response.json<T>() : (undefined as T) };
    },
    async cartLineCount() {
      if (!isPrivateCookie(cookie)) return 0;
      const answer = await context.send<Cart>('GET', '/api/cart');
      // The database away: the navbar shows no count rather than failing the page.
      return answer.status === 200 ? answer.body.lineCount : 0;
    },
    user() {
      // Read once per rendering: the root and the signed-in layouts' loaders all ask (decision 061).
      sessionUser ??= readSessionUser(app, request);
      return sessionUser;
    },
  };
  return context;
}
