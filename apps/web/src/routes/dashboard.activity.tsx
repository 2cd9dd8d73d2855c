import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { activityQueryOptions } from '../features/admin/api';
import { ActivityPage, activityQueryOf } from '../features/admin/pages/activity-page';
import type { Route } from './+types/dashboard.activity';

export const meta: Route.MetaFunction = pageMeta({ title: 'Activity Log' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    browserQueryClient().ensureQueryData(activityQueryOptions(activityQueryOf(search))),
  );

export function ErrorBoundary() {
  return <ScreenError what="the activity log" />;
}

export default ActivityPage;
