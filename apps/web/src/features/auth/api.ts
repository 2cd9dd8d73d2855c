import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@toolshop/shared/site-config';
import type { StorefrontUser } from '@toolshop/shared/storefront';
import type { AdminStatus } from '@toolshop/shared/user';
import { apiFetch } from '../../lib/api-client';

/**
 * Better Auth's client, fetched the first time it is needed: a page that only shows who is signed in (the
 * home page: the server sent the session with it) does not download it (issue 11's JavaScript budget).
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

/** SPEC §6: whether someone is an admin is asked of the server by e-mail. */
export const getAdminStatus = (email: string) => apiFetch<AdminStatus>(`/admin/${encodeURIComponent(email)}`);

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['admin', email], queryFn: () => getAdminStatus(email) });

export function useIsAdmin(email: string | undefined) {
  return useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
}

export const getSiteConfig = () => apiFetch<SiteConfig>('/config');

export const useSiteConfig = () =>
  useQuery({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });

/** Ends the session and forgets everything cached for that user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await (await loadAuthClient()).signOut();
      // Better Auth reports a failure in its result: a sign-out that did not happen must not look done.
      if (error) throw new Error(error.message ?? 'Could not sign out');
    },
    onSettled: async () => {
      // A session read still on its way (begun before or during the sign-out, a refetch on focus) was
      // asked with the old cookie: its answer must not sign us back in.
      await queryClient.cancelQueries({ queryKey: sessionKey });
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}
