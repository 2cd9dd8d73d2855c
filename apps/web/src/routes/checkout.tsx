import { pageMeta } from '../components/layout/page-meta';
import { loadCheckout, placeCheckout } from '../features/checkout/checkout-requests';
import { CheckoutPage } from '../features/checkout/pages/checkout-page';
import type { Route } from './+types/checkout';

// Rendered on the server from the session cookie (decision 051): the first paint is the order to place.
export async function loader({ request, context }: Route.LoaderArgs) {
  return { view: await loadCheckout(context, request) };
}

/** Place order: a plain form before the scripts run, the same action after. */
export async function action({ request, context }: Route.ActionArgs) {
  return placeCheckout(context, request, await request.formData());
}

export const meta: Route.MetaFunction = pageMeta({ title: 'Checkout' });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage view={loaderData.view} refusal={actionData} />;
}
