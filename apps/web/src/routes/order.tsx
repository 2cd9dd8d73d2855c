import { pageMeta } from '../components/layout/page-meta';
import { loadOrderDetail } from '../features/orders/order-requests';
import { OrderPage } from '../features/orders/pages/order-page';
import type { Route } from './+types/order';

// Rendered on the server from the session cookie (decision 052): the first paint is the order itself.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return { order: await loadOrderDetail(context, request, params.orderId) };
}

export const meta: Route.MetaFunction = pageMeta({ title: 'Your order' });

export default function Order({ loaderData }: Route.ComponentProps) {
  return <OrderPage {...loaderData} />;
}
