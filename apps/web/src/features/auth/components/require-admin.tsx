import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useIsAdmin, useSession, useSignOut } from '../api';

/** SPEC §4: a non-admin who opens an admin screen is signed out and sent to /login. */
export function RequireAdmin() {
  const session = useSession();
  const adminStatus = useIsAdmin(session.data?.email);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const refused = adminStatus.isError || adminStatus.data?.admin === false;

  useEffect(() => {
    if (!refused) return;
    signOut.mutate(undefined, {
      onSettled: () => navigate('/login', { replace: true, state: { from: location } }),
    });
    // Run once when the answer arrives, not on every render of the mutation's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  if (adminStatus.data?.admin) return <Outlet />;
  return <PageSpinner />;
}
