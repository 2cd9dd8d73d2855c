import type { Order } from '@toolshop/shared/order';
import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadSignedInScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { querySeed, SeededQueries } from '../lib/query-seed';
import { loadAsVisitor, signedInVisitor } from '../lib/storefront';
import { myOrdersQueryOptions } from '../features/orders/api';
import { runDeleteOrder } from '../features/orders/order-requests';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page';
import type { Route } from './+types/dashboard.my-orders';

export const meta: Route.MetaFunction = pageMeta({ title: 'My Orders' });

// The first page arrives with the orders in it, read on the server as the customer (decision 061).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = await signedInVisitor(context, request);
  const orders = await loadAsVisitor<Order[]>(context, request, `/api/order/${encodeURIComponent(email)}`);
  return querySeed([[myOrdersQueryOptions(email).queryKey, orders]]);
}

// Delete as a plain form, before the scripts run; once they run, the page deletes through the API itself.
export async function action({ request, context }: Route.ActionArgs) {
  return runDeleteOrder(context, await request.formData());
}

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadSignedInScreen(args, (user) => browserQueryClient().ensureQueryData(myOrdersQueryOptions(user.email)));

export function ErrorBoundary() {
  return <ScreenError what="your orders" />;
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SeededQueries seed={loaderData}>
      {actionData && (
        <p role="alert" className="alert alert-error alert-soft mb-4">
          {actionData.message}
        </p>
      )}
      <MyOrdersPage />
    </SeededQueries>
  );
}
