import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor, Viewer } from '../../viewer';
import { AppError } from './errors';
import { keepPrivate, PRIVATE_ANSWER } from './private-answers';

/** Who may call a route. Every /api route declares one in `config.access`; the server refuses to start
 * otherwise, so no route can be added without deciding. 'session-if-any': anyone, and a session, when
 * one is sent, names whose call it is (the cart's: a visitor's or an account's). */
export type Access = 'public' | 'session-if-any' | 'signed-in' | 'admin';

export interface RouteRule {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the authorization table test. */
    routeRules: RouteRule[];
    /** Who a request's session belongs to, or null (auth/session-reader.ts). */
    readViewer: (headers: IncomingHttpHeaders) => Promise<Viewer | null>;
  }
}

// Better Auth's own endpoints enforce their rules themselves; the API docs are public by nature.
const AUTH_ROUTES = /^\/api\/auth\//;
const SELF_GUARDED = [AUTH_ROUTES, /^\/api\/docs/];

export const unauthorized = () => new AppError(401, 'unauthorized', 'Sign in to continue.');
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('routeRules', [] as RouteRule[]);
  app.decorateRequest('viewer', null);

  // onRequest, before the body is read: an anonymous upload is refused without parsing it.
  const readViewer =
    (access: Exclude<Access, 'public'>) =>
    async (request: FastifyRequest): Promise<void> => {
      const viewer = await app.readViewer(request.headers);
      if (!viewer && access !== 'session-if-any') throw unauthorized();
      if (access === 'admin' && viewer?.role !== 'admin') throw forbidden('Only admins may do this.');
      request.viewer = viewer;
    };

  // Each rule becomes hooks on its own route: a public route runs no access code at all. What a route that
  // reads the session answers is private, and so are sessions and tokens (decision 040).
  app.addHook('onRoute', (route) => {
    const addOnSend = (hook: ReturnType<typeof keepPrivate>) =>
      (route.onSend = [route.onSend ?? []].flat().concat(hook));
    if (AUTH_ROUTES.test(route.url)) addOnSend(keepPrivate('no-store'));
    if (!route.url.startsWith('/api/') || SELF_GUARDED.some((pattern) => pattern.test(route.url))) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no config.access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeRules.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    route.onRequest = [route.onRequest ?? []].flat().concat(readViewer(access));
    addOnSend(keepPrivate(PRIVATE_ANSWER));
  });
});

/** The viewer of a route declared 'signed-in' or 'admin' (the access hook has already checked it). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

export function actorOf(request: FastifyRequest): Actor {
  return { viewer: viewerOf(request), ip: request.ip };
}
