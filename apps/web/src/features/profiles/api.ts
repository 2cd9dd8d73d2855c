import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '@toolshop/shared/profile';
import { apiFetch } from '../../lib/api-client';

export const profileKey = (email: string) => ['profile', email] as const;

/** A profile's address on the API, after its prefix (`apiUrl`). */
export const profilePath = (email: string) => `/profile/${encodeURIComponent(email)}`;

export const getProfile = (email: string) => apiFetch<Profile>(profilePath(email));

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: profileKey(email), queryFn: () => getProfile(email) });

/** Loaded by the screen's route before it is drawn. */
export const useProfile = (email: string) => useSuspenseQuery(profileQueryOptions(email)).data;

export const saveProfile = (email: string, input: ProfileInput) =>
  apiFetch<Profile>(profilePath(email), { method: 'PUT', body: input });

export function useSaveProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => saveProfile(email, input),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(email), profile),
  });
}
