import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { adminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { usersQueryOptions } from '../features/users/api';
import { MakeAdminPage } from '../features/admin/pages/make-admin-page';

export const meta = pageMeta({ title: 'Make Admin' });

export const clientLoader = adminScreen(() => browserQueryClient().ensureQueryData(usersQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the users" />;
}

export default MakeAdminPage;
