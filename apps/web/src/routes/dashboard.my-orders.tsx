import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadSignedInScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { myOrdersQueryOptions } from '../features/orders/api';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page';
import type { Route } from './+types/dashboard.my-orders';

export const meta: Route.MetaFunction = pageMeta({ title: 'My Orders' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadSignedInScreen(args, (user) => browserQueryClient().ensureQueryData(myOrdersQueryOptions(user.email)));

export function ErrorBoundary() {
  return <ScreenError what="your orders" />;
}

export default MyOrdersPage;
