import { data, isRouteErrorResponse, type AppLoadContext } from 'react-router';
import type { StorefrontContext, StorefrontUser } from '@toolshop/shared/storefront';
import { loginRedirect } from './login-redirect';

declare module 'react-router' {
  interface AppLoadContext {
    /** Given by the server for every render (apps/server/src/storefront). */
    storefront: StorefrontContext;
  }
}

/**
 * A route loader's read of the shop's API. A 404 becomes the not-found page with HTTP 404; a 503 (the
 * database is away) the page saying the shop is briefly away, with HTTP 503; any other failure is an
 * error of the page.
 */
export async function loadFromApi<T>(context: AppLoadContext, path: string): Promise<T> {
  const answer = await context.storefront.get<T>(path);
  if (answer.status === 404) throw notFound();
  if (answer.status === 503) throw data('Unavailable', { status: 503 });
  if (answer.status >= 400) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.body;
}

/**
 * A server loader's private read of the API as the visitor (their session cookie): signed out, the login
 * page that comes back here; 404, the not-found page; 503, the page of the shop briefly away.
 */
export async function loadAsVisitor<T>(context: AppLoadContext, request: Request, path: string): Promise<T> {
  const answer = await context.storefront.send<T>('GET', path);
  if (answer.status === 401) throw loginRedirect(request);
  if (answer.status === 404) throw notFound();
  if (answer.status === 503) throw data('Unavailable', { status: 503 });
  if (answer.status >= 400) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.body;
}

/** A server loader's signed-in visitor, read from the session cookie; signed out, the login page. */
export async function signedInVisitor(context: AppLoadContext, request: Request): Promise<StorefrontUser> {
  const user = await context.storefront.user();
  if (!user) throw loginRedirect(request);
  return user;
}

/** Thrown by a loader: the not-found page, with HTTP 404. */
export const notFound = () => data('Not found', { status: 404 });

/** What an error boundary was handed by {@link notFound}. */
export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** What an error boundary is handed while the shop's database is away (a loader read a 503). */
export const isUnavailable = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;
