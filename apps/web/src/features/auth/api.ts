import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@toolshop/shared/site-config';
import type { StorefrontUser } from '@toolshop/shared/storefront';
import type { AdminStatus } from '@toolshop/shared/user';
import { apiFetch } from '../../lib/api-client';
import { authClient } from './auth-client';

export type SessionUser = StorefrontUser;

export const sessionKey = ['session'] as const;

export async function getSession(): Promise<SessionUser | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new Error(error.message ?? 'Could not load the session');
  return data?.user ?? null;
}

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionKey, queryFn: getSession });

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
    mutationFn: () => authClient.signOut(),
    // A session read still on its way was asked with the old cookie: its answer must not sign us back in.
    onMutate: () => queryClient.cancelQueries({ queryKey: sessionKey }),
    onSettled: () => {
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}
