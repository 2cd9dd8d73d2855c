import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { ScreenError } from '../components/layout/screen-error';
import { loadIsAdmin, loadSessionUser, signOutInLoader } from '../lib/auth';
import type { Route } from './+types/require-admin';

export async function clientLoader() {
  const user = await loadSessionUser();
  // Signed out: RequireAuth above sends the visitor to /login, nobody to sign out here.
  if (!user) return { admin: false };
  const admin = await loadIsAdmin(user.email);
  if (!admin) await signOutInLoader();
  return { admin };
}

export function ErrorBoundary() {
  return <ScreenError what="your account's role" />;
}

/**
 * SPEC §4: a non-admin who opens an admin screen is signed out and sent to /login. The loader asked the
 * server and, on its "no", signed the visitor out; this only shows the outcome.
 */
export default function RequireAdmin({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (!loaderData.admin) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
