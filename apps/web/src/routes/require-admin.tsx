import { Outlet } from 'react-router';
import { ScreenError } from '../components/layout/screen-error';
import { loadIsAdmin, loadSessionUser, signOutAndForget } from '../lib/auth';
import { loginRedirect } from '../lib/login-redirect';
import type { Route } from './+types/require-admin';

/**
 * SPEC §4: a non-admin who opens an admin screen is signed out and sent to /login (remembering the screen,
 * for signing in as an admin). A signed-out visitor goes there too, with nobody to sign out.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await loadSessionUser();
  if (!user) throw loginRedirect(request);
  if (!(await loadIsAdmin(user.email))) {
    await signOutAndForget();
    throw loginRedirect(request);
  }
  return null;
}

// Admin screens are drawn in the browser only (decision 061): the server sends the dashboard with a spinner.
export { ScreenLoading as HydrateFallback } from '../components/ui/spinner';

export function ErrorBoundary() {
  return <ScreenError what="your account's role" />;
}

export default function RequireAdmin() {
  return <Outlet />;
}
