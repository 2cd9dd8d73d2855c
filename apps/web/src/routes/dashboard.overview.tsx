import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { overviewQueryOptions } from '../features/admin/api';
import { chartDaysOf, OverviewPage } from '../features/admin/pages/overview-page';
import type { Route } from './+types/dashboard.overview';

export const meta: Route.MetaFunction = pageMeta({ title: 'Sales Overview' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    browserQueryClient().ensureQueryData(overviewQueryOptions(chartDaysOf(search))),
  );

export function ErrorBoundary() {
  return <ScreenError what="the sales overview" />;
}

export default OverviewPage;
