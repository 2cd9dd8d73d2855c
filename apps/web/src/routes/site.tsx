import { Outlet, useRouteError, type MetaFunction } from 'react-router';
import { pageMetaTags } from '../components/layout/page-meta';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { SiteChrome } from '../components/layout/site-chrome';
import { useAccountControls } from '../features/auth/use-account-controls';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { isNotFound } from '../lib/storefront';

// The pages below name themselves; when one fails, this boundary's page is shown, and named, instead.
export const meta: MetaFunction = (args) => {
  if (!args.error) return pageMetaTags(args, {});
  return pageMetaTags(args, { title: isNotFound(args.error) ? 'Page not found' : 'Something went wrong' });
};

export default function Site() {
  return (
    <SiteChrome account={useAccountControls()}>
      <Outlet />
    </SiteChrome>
  );
}

/** An unknown address or product keeps the navbar and footer; any other failure gets the error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const account = useAccountControls();
  if (isNotFound(error)) {
    return (
      <SiteChrome account={account}>
        <NotFoundPage />
      </SiteChrome>
    );
  }
  return <RouteErrorPage />;
}
