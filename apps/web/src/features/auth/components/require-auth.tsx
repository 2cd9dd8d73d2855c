import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { QueryError } from '../../../components/ui/query-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../api';
import { useHydrated } from '../../../lib/use-hydrated';

/** SPEC §4: a guarded page sends a signed-out visitor to /login, remembering where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  // Screens behind sign-in are drawn in the browser only (decision 024): the server sends the spinner.
  const hydrated = useHydrated();
  if (!hydrated || session.isPending) return <PageSpinner />;
  // A session that could not be read (429, 5xx, offline) is not a sign-out: offer a retry instead.
  if (session.isError) {
    return (
      <div className="px-4 py-16">
        <QueryError what="your session" onRetry={() => void session.refetch()} />
      </div>
    );
  }
  if (!session.data) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
