import { QueryClient } from '@tanstack/react-query';
import { QUERY_SETTINGS, retryDelayMs } from '@toolshop/shared/constants';
import { ApiError } from '../lib/api-client';

/** TanStack Query with SPEC §9's settings. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_SETTINGS.gcTimeMs,
        // A 4xx answer (not found, not allowed) will not change on retry: only network and server
        // failures are retried.
        retry: (failureCount, error) =>
          failureCount < QUERY_SETTINGS.retries && !(error instanceof ApiError && error.status < 500),
        retryDelay: retryDelayMs,
      },
      mutations: { retry: QUERY_SETTINGS.mutationRetries },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache for the whole visit: a route's clientLoader fills it before its screen
 * renders, and the screen reads it from there. The server renders each page with a cache of its own.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
