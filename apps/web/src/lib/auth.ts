import { queryOptions, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@toolshop/shared/site-config';
import type { StorefrontUser } from '@toolshop/shared/storefront';
import type { AdminStatus } from '@toolshop/shared/user';
import { browserQueryClient, pageQueryClient } from './query-client';
import { pageSession } from './page-session';
import { ApiError, apiFetch } from './api-client';

/**
 * Better Auth's client, fetched the first time it is needed: a page that only shows who is signed in (the
 * home page: the server sent the session with it) does not download it (decision 024's JavaScript budget).
 */
const loadAuthClient = async () => (await import('./auth-client')).authClient;

export type SessionUser = StorefrontUser;

export const sessionKey = ['session'] as const;

export async function getSession(): Promise<SessionUser | null> {
  const { data, error } = await (await loadAuthClient()).getSession();
  if (error) throw new Error(error.message ?? 'Could not load the session');
  return data?.user ?? null;
}

// The session the server rendered the page with is fresh: no second read right after every page load.
const SESSION_FRESH_MS = 60_000;

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: SESSION_FRESH_MS });

/** The signed-in user, or null. */
export const useSession = () => useQuery(sessionQueryOptions());

/**
 * The signed-in user, on a screen behind RequireAuth: its loader has read the session, and RequireAuth
 * draws nothing below it for a signed-out visitor.
 */
export function useSignedInUser(): SessionUser {
  const { data } = useSuspenseQuery(sessionQueryOptions());
  if (!data) throw new Error('useSignedInUser is for screens behind RequireAuth');
  return data;
}

/**
 * The browser's query cache, holding the session as the root's loader last read it when that read is newer
 * than the cache's own (the page's first load, a revalidation after a sign-in): one answer for the navbar,
 * which shows the root's, and for the screens, which read the cache.
 */
export function browserCacheWithSession(): QueryClient {
  const client = browserQueryClient();
  const latest = pageSession();
  if (latest && latest.receivedAt > (client.getQueryState(sessionKey)?.dataUpdatedAt ?? 0)) {
    client.setQueryData(sessionKey, latest.user, { updatedAt: latest.receivedAt });
  }
  return client;
}

/** The cache one page is rendered with on the server, holding the session its root loader read. */
export function pageCacheWithSession(user: SessionUser | null): QueryClient {
  const client = pageQueryClient();
  client.setQueryData(sessionKey, user);
  return client;
}

/**
 * For route loaders: the signed-in user, or null. The one the page was rendered with while it is fresh;
 * after that it is asked again before a screen loads, so a sign-out in another tab sends this one to /login.
 */
export const loadSessionUser = () => browserCacheWithSession().fetchQuery(sessionQueryOptions());

/** SPEC §6: whether someone is an admin is asked of the server by e-mail. */
export const getAdminStatus = (email: string) => apiFetch<AdminStatus>(`/admin/${encodeURIComponent(email)}`);

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['admin', email], queryFn: () => getAdminStatus(email) });

/** Only the server's "no" (or its refusal to answer for this account) means the visitor is no admin. */
const isAdminRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

/**
 * For route loaders: whether the signed-in user is an admin. A refusal is a "no"; any other failure (429,
 * 5xx, no connection) says nothing about the role and is thrown to the route's error boundary.
 */
export const loadIsAdmin = (email: string) =>
  browserQueryClient()
    .ensureQueryData(adminStatusQueryOptions(email))
    .then(
      (status) => status.admin,
      (error: unknown) => {
        if (isAdminRefusal(error)) return false;
        throw error;
      },
    );

export const getSiteConfig = () => apiFetch<SiteConfig>('/config');

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });

export const useSiteConfig = () => useQuery(siteConfigQueryOptions());

async function signOut() {
  const { error } = await (await loadAuthClient()).signOut();
  // Better Auth reports a failure in its result: a sign-out that did not happen must not look done.
  if (error) throw new Error(error.message ?? 'Could not sign out');
}

/** Whatever the sign-out's outcome: the app shows nobody signed in and keeps nothing of that user. */
async function forgetSession(queryClient: QueryClient) {
  // A session read still on its way (begun before or during the sign-out, a refetch on focus) was asked
  // with the old cookie: its answer must not sign us back in.
  await queryClient.cancelQueries({ queryKey: sessionKey });
  queryClient.setQueryData(sessionKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
}

/**
 * Ends the session and forgets everything cached for it (LOG OUT, and SPEC §4's admin guard). Even a
 * sign-out the server did not confirm leaves nothing of that user in this tab; what the server still
 * holds, the root's loader reads again afterwards.
 */
export async function signOutAndForget() {
  await signOut().catch(() => undefined);
  await forgetSession(browserQueryClient());
}
