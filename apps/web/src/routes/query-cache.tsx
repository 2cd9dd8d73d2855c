import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useRouteLoaderData } from 'react-router';
import { browserCacheWithSession, pageCacheWithSession } from '../lib/auth';
import type { loader as rootLoader } from '../root';

/**
 * TanStack Query's cache, for the screens that read through it: the accounts' forms and everything behind
 * the sign-in. The storefront's pages (home, catalogue, products, cart, checkout, orders) are drawn from their
 * loaders and never load it (decision 066: the home page's JavaScript budget).
 */
export default function QueryCache() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const user = root?.user ?? null;
  const [client] = useState(() =>
    // In the browser, the one cache of the visit; on the server, one for this page alone.
    typeof document === 'undefined' ? pageCacheWithSession(user) : browserCacheWithSession(),
  );
  // The root's loader read the session again (a sign-in or sign-out, a change of page): the cache follows.
  useEffect(() => {
    browserCacheWithSession();
  }, [root]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
