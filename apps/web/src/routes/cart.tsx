import { pageMeta } from '../components/layout/page-meta';
import { CartPage } from '../features/cart/pages/cart-page';
import { loadCart, loadFreeShippingFrom, runCartAction } from '../features/cart/cart-requests';
import type { Route } from './+types/cart';

// Read on the server from the visitor's cookie, so the first paint is the cart itself.
export async function loader({ context }: Route.LoaderArgs) {
  const [cart, freeShippingFromCents] = await Promise.all([loadCart(context), loadFreeShippingFrom(context)]);
  return { cart, freeShippingFromCents };
}

/** Every cart form posts here: add (from a card or a product page), change a line, remove a line. */
export async function action({ request, context }: Route.ActionArgs) {
  return runCartAction(context, await request.formData());
}

export const meta: Route.MetaFunction = pageMeta({ title: 'Your cart' });

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage {...loaderData} />;
}
