import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { getSessionCookie } from 'better-auth/cookies';
import type { StorefrontContext, StorefrontUser } from '@toolshop/shared/storefront';
import { isDatabaseUnavailable } from '../db/errors';

/** Whether the request carries Better Auth's session cookie (with or without HTTPS's `__Secure-` prefix). */
export const hasSessionCookie = ({ headers: { cookie } }: FastifyRequest): boolean =>
  cookie !== undefined && getSessionCookie(new Headers({ cookie })) !== null;

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
  }: { publicUrl: string; nonce: string; onRead(path: string, body: unknown): void },
): StorefrontContext {
  return {
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
    async user(): Promise<StorefrontUser | null> {
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
    },
  };
}
