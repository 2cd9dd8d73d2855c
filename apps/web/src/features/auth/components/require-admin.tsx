import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { QueryError } from '../../../components/ui/query-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useIsAdmin, useSession, useSignOut } from '../api';

/** Only the server's "no" (or its refusal to answer for this account) means the visitor is no admin. */
const isRefusal = (error: Error | null) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

/** SPEC §4: a non-admin who opens an admin screen is signed out and sent to /login. */
export function RequireAdmin() {
  const session = useSession();
  const adminStatus = useIsAdmin(session.data?.email);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const refused = adminStatus.data?.admin === false || isRefusal(adminStatus.error);

  useEffect(() => {
    if (!refused) return;
    signOut.mutate(undefined, {
      onSettled: () => navigate(paths.login, { replace: true, state: { from: location } }),
    });
    // Run once when the answer arrives, not on every render of the mutation's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  if (adminStatus.data?.admin) return <Outlet />;
  // A 429, 5xx or lost connection says nothing about the role: retry, never sign out.
  if (adminStatus.isError && !refused) {
    return (
      <div className="px-4 py-16">
        <QueryError what="your account's role" onRetry={() => void adminStatus.refetch()} />
      </div>
    );
  }
  return <PageSpinner />;
}
