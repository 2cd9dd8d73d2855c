import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/**
 * SPEC §4: a non-admin who opens an admin screen is signed out and sent to /login. The route's loader asked
 * the server and, on its "no", signed the visitor out; this only shows the outcome.
 */
export function RequireAdmin({ admin }: { admin: boolean }) {
  const location = useLocation();
  if (!admin) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
