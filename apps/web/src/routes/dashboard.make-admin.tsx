import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { adminScreen } from '../features/auth/screen-loaders';
import { browserQueryClient } from '../app/query-client';
import { usersQueryOptions } from '../features/users/api';
import { MakeAdminPage } from '../features/users/pages/make-admin-page';

export const meta = pageMeta({ title: 'Make Admin' });

export const clientLoader = adminScreen(() => browserQueryClient().ensureQueryData(usersQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the users" />;
}

export default MakeAdminPage;
