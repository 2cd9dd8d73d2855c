import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { signedInScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { myOrdersQueryOptions } from '../features/orders/api';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page';

export const meta = pageMeta({ title: 'My Orders' });

export const clientLoader = signedInScreen((user) =>
  browserQueryClient().ensureQueryData(myOrdersQueryOptions(user.email)),
);

export function ErrorBoundary() {
  return <ScreenError what="your orders" />;
}

export default MyOrdersPage;
