import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { User } from '@toolshop/shared/user';
import { apiFetch } from '../../lib/api-client';

export const usersKey = ['users'] as const;

export const getUsers = () => apiFetch<User[]>('/user');

export const usersQueryOptions = () => queryOptions({ queryKey: usersKey, queryFn: getUsers });

/** Loaded by the screen's route before it is drawn. */
export const useUsers = () => useSuspenseQuery(usersQueryOptions()).data;

export const makeAdmin = (email: string) =>
  apiFetch<User>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const revokeAdmin = (email: string) =>
  apiFetch<User>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' });

export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
