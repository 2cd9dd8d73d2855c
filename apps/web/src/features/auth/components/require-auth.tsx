import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../api';

/** SPEC §4: a guarded page sends a signed-out visitor to /login, remembering where they were going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner />;
  if (!session.data) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
