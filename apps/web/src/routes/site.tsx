import { Outlet, useRouteLoaderData } from 'react-router';
import { pageMetaTags } from '../components/layout/page-meta';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { SiteChrome } from '../components/layout/site-chrome';
import { useAccountControls } from '../components/layout/use-account-controls';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { ToolSearch } from '../features/tools';
import { storefrontNotices } from '@toolshop/shared/storefront-notices';
import { isNotFound, isUnavailable } from '../lib/storefront';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/site';

/**
 * Who is signed in and the navbar's CART count, as the root's loader read them on the server: on the page's
 * load, after a cart form, a sign-in or a sign-out (root.tsx's shouldRevalidate).
 */
function useChrome() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return { account: useAccountControls(Boolean(root?.user)), cartLines: root?.cartLines ?? 0 };
}

// The pages below name themselves; when one fails, this boundary's page is shown, and named, instead.
export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return pageMetaTags(args, {});
  if (isNotFound(args.error)) return pageMetaTags(args, { title: 'Page not found' });
  if (isUnavailable(args.error)) return pageMetaTags(args, { title: storefrontNotices.away.title });
  return pageMetaTags(args, { title: 'Something went wrong' });
};

export default function Site() {
  const { account, cartLines } = useChrome();
  return (
    <SiteChrome account={account} cartLines={cartLines} search={<ToolSearch />}>
      <Outlet />
    </SiteChrome>
  );
}

/** An unknown address or product keeps the navbar and footer; any other failure gets the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { account, cartLines } = useChrome();
  if (isNotFound(error)) {
    return (
      <SiteChrome account={account} cartLines={cartLines} search={<ToolSearch />}>
        <NotFoundPage />
      </SiteChrome>
    );
  }
  return <RouteErrorPage />;
}
