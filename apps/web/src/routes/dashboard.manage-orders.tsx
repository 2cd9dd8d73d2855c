import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { orderFiltersSchema } from '@toolshop/shared/order-filters';
import { browserQueryClient } from '../lib/query-client';
import { readUrlQuery } from '../lib/use-url-query';
import { orderPageQueryOptions } from '../features/orders/api';
import { ManageOrdersPage } from '../features/admin/pages/manage-orders-page';
import type { Route } from './+types/dashboard.manage-orders';

export const meta: Route.MetaFunction = pageMeta({ title: 'Manage All Orders' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    browserQueryClient().ensureQueryData(orderPageQueryOptions(readUrlQuery(orderFiltersSchema, search))),
  );

export function ErrorBoundary() {
  return <ScreenError what="the orders" />;
}

export default ManageOrdersPage;
