import { QueryClient } from '@tanstack/react-query';
import { QUERY_SETTINGS, retryDelayMs } from '@toolshop/shared/constants';
import { ApiError } from '../lib/api-client';

/** TanStack Query with SPEC §9's settings; `gcTime` is how long an unused query stays cached. */
function createQueryClient(gcTime: number): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime,
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

/**
 * The server's cache for one page, dropped with it. Its queries never expire (`Infinity`, TanStack's own
 * server default): an expiry is a timer, and a 5-minute timer per page held the whole rendering (React's
 * render, the page's props and streams) for 5 minutes, 2–4 MB per second of load (decision 039, amended).
 */
export const pageQueryClient = (): QueryClient => createQueryClient(Infinity);

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache for the whole visit: a route's clientLoader fills it before its screen
 * renders, and the screen reads it from there. The server renders each page with a cache of its own.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient(QUERY_SETTINGS.gcTimeMs);
  return browserClient;
}
