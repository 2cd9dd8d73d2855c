import { pageMeta } from '../components/layout/page-meta';
import { CartPage } from '../features/cart/pages/cart-page';
import { loadCart, loadFreeShippingFrom, runCartAction } from '../features/cart/cart-requests';
import { BuyAgainNotice } from '../features/orders/components/buy-again-notice';
import { BUY_AGAIN_INTENT } from '../features/orders/order-form-intents';
import { runBuyAgain } from '../features/orders/order-requests';
import type { Route } from './+types/cart';

// Read on the server from the visitor's cookie, so the first paint is the cart itself.
export async function loader({ context }: Route.LoaderArgs) {
  const [cart, freeShippingFromCents] = await Promise.all([loadCart(context), loadFreeShippingFrom(context)]);
  return { cart, freeShippingFromCents };
}

/**
 * Every cart form posts here: add (from a card or a product page), change a line, remove a line; and Buy
 * again (an order's page, My Orders), which lands on the cart with its notice (decision 052).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return form.get('intent') === BUY_AGAIN_INTENT ? runBuyAgain(context, form) : runCartAction(context, form);
}

export const meta: Route.MetaFunction = pageMeta({ title: 'Your cart' });

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const boughtAgain = actionData && 'intent' in actionData && actionData.intent === BUY_AGAIN_INTENT;
  return <CartPage {...loaderData} notice={boughtAgain ? <BuyAgainNotice result={actionData} /> : null} />;
}
