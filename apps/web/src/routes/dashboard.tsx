import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadIsAdmin, loadSessionUser } from '../lib/auth';
import { DashboardLayout } from '../features/dashboard/pages/dashboard-layout';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = pageMeta({ title: 'Dashboard' });

// The menu depends on the role: asked before the dashboard is drawn.
export async function clientLoader() {
  const user = await loadSessionUser();
  if (user) await loadIsAdmin(user.email);
  return null;
}

export function ErrorBoundary() {
  return <ScreenError what="your dashboard" />;
}

export default DashboardLayout;
