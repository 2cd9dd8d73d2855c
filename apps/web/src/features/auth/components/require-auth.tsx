import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { sessionQueryOptions } from '../../../lib/auth';

/**
 * SPEC §4: a guarded page sends a signed-out visitor to /login, remembering where they were going. The
 * route's loader has read the session; reading it here too means a sign-out elsewhere on the page (the
 * navbar) leaves the guarded screen at once.
 */
export function RequireAuth() {
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
