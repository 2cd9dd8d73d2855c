import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { usersQueryOptions } from '../features/users/api';
import { MakeAdminPage } from '../features/admin/pages/make-admin-page';
import type { Route } from './+types/dashboard.make-admin';

export const meta: Route.MetaFunction = pageMeta({ title: 'Make Admin' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, () => browserQueryClient().ensureQueryData(usersQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the users" />;
}

export default MakeAdminPage;
