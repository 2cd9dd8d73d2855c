import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicUrl, type Env } from '../../env';
import { AppError } from './errors';

const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** The origins whose pages may act for a signed-in user: the one list Better Auth and our API share. */
export function trustedOrigins(env: Env): string[] {
  const origin = new URL(publicUrl(env)).origin;
  return env.NODE_ENV === 'development' ? [origin, VITE_DEV_ORIGIN] : [origin];
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether the browser says the request came from a page outside the trusted origins. */
function isCrossSite(request: FastifyRequest, trusted: string[]): boolean {
  const { origin, referer } = request.headers;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin) return !trusted.includes(origin);
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  if (referer) return !trusted.includes(originOf(referer) ?? '');
  // No browser signal at all: not a browser page, so not a forged cross-site request.
  return false;
}

/**
 * Cookies travel with cross-site requests, so a foreign page could act for a signed-in user (decision 013).
 * Cookie-authenticated unsafe calls must come from a trusted origin; Bearer clients send no cookie and
 * are not affected. Better Auth checks its own endpoints the same way.
 */
export const crossSitePlugin = fp(async (app: FastifyInstance) => {
  const trusted = trustedOrigins(app.env);
  const refuseCrossSite = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (request.headers.cookie && isCrossSite(request, trusted)) {
      return done(
        new AppError(403, 'cross_site_request', 'This request came from another site and was refused.'),
      );
    }
    done();
  };
  // Only the routes that change something get the check, as a hook of their own.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
    if (![route.method].flat().some((method) => UNSAFE_METHODS.has(method))) return;
    route.onRequest = [route.onRequest ?? []].flat().concat(refuseCrossSite);
  });
});
