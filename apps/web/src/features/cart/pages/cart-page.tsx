import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Cart } from '@toolshop/shared/cart';
import { formatCents } from '@toolshop/shared/money';
import { paths } from '@toolshop/shared/paths';
import { CartLineItem } from '../components/cart-line-item';
import { CartSummary } from '../components/cart-summary';

interface CartPageProps {
  cart: Cart;
  /** The subtotal from which the shop ships free (null: never). */
  freeShippingFromCents: number | null;
  /** What the form that led here says (Buy again's). */
  notice?: ReactNode;
}

/** The cart: its lines, the amounts the server computed, and the ways on (Continue shopping, Checkout). */
export function CartPage({ cart, freeShippingFromCents, notice }: CartPageProps) {
  // Only while the buyer pays for shipping and could stop paying for it.
  const freeShippingHint =
    freeShippingFromCents !== null && cart.shippingCents > 0 && cart.subtotalCents < freeShippingFromCents
      ? `Free shipping from ${formatCents(freeShippingFromCents)}: add ${formatCents(freeShippingFromCents - cart.subtotalCents)} more.`
      : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">Your cart</h1>
      {notice}
      {cart.lines.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4">
          <p>Your cart is empty.</p>
          <Link to={paths.tools} className="btn btn-primary">
            Browse all tools
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <ul aria-label="Cart lines">
            {cart.lines.map((line) => (
              // Keyed by quantity too: a line the server changed starts its field afresh.
              <CartLineItem key={`${line.toolId}-${line.quantity}`} line={line} />
            ))}
          </ul>
          <CartSummary id="cart-summary" cart={cart}>
            {freeShippingHint && <p className="text-sm text-base-content/80">{freeShippingHint}</p>}
            {!cart.readyForCheckout && (
              <p className="text-sm font-semibold text-error">Fix the lines marked above to check out.</p>
            )}
            <Link to={paths.checkout} className="btn btn-primary btn-block">
              Checkout
            </Link>
            <Link to={paths.tools} className="btn btn-ghost btn-block">
              Continue shopping
            </Link>
          </CartSummary>
        </div>
      )}
    </div>
  );
}
