import { dehydrate, HydrationBoundary, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pageQueryClient } from './query-client';

/**
 * For a screen's server loader (decision 061): the answers its queries will read, in TanStack Query's
 * dehydrated form, so they travel to the browser in the page's loader data. The screen keeps reading (and
 * its mutations keep invalidating) the same queries as after a client-side navigation.
 */
export function querySeed(answers: ReadonlyArray<readonly [QueryKey, unknown]>): DehydratedState {
  // The page's kind of client: no timer outlives the request (decision 039).
  const client = pageQueryClient();
  for (const [key, answer] of answers) client.setQueryData(key, answer);
  return dehydrate(client);
}

/**
 * Puts a server loader's seed into the query cache before the screen below reads it: the page's own cache
 * on the server, the browser's while it hydrates, so both draw the same thing. After a client-side
 * navigation the route's clientLoader has filled the cache and there is no seed.
 */
export function SeededQueries({ seed, children }: { seed: DehydratedState | null; children: ReactNode }) {
  return <HydrationBoundary state={seed ?? undefined}>{children}</HydrationBoundary>;
}
