import { Link, useRouteError } from 'react-router';
import { storefrontNotices } from '@toolshop/shared/storefront-notices';
import { isUnavailable } from '../../lib/storefront';
import { paths } from '@toolshop/shared/paths';

/**
 * Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy, offline), or while
 * the shop's database is away (HTTP 503).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  const away = isUnavailable(error);
  return (
    // The page's only landmark: it stands in for the whole layout, navbar and all.
    <main className="grid min-h-screen place-items-center bg-base-200 px-4">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{away ? storefrontNotices.away.title : 'Something went wrong'}</h1>
        <p className="mt-3 text-base-content/70">
          {away
            ? storefrontNotices.away.text
            : chunkFailed
              ? 'This page could not be loaded. Check your connection, then reload.'
              : 'An unexpected error stopped this page. Reload to try again.'}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to={paths.home} className="btn btn-ghost" reloadDocument>
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
