import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Cart, Checkout } from '@toolshop/shared/cart';
import { paths } from '@toolshop/shared/paths';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { CartSummary, flagsOf } from '../../cart';
import type { CheckoutRefusal, CheckoutView } from '../checkout-requests';
import { CheckoutLineItem } from '../components/checkout-line-item';

const NOT_PLACED = 'Your order was not placed: see the message below.';

/** A cart that cannot be ordered as it is: which lines, why, and the way back to the cart to fix them. */
function CartNotReady({ cart }: { cart: Cart }) {
  const blocked = cart.lines.filter((line) => flagsOf(line).length > 0);
  return (
    <section aria-labelledby="not-ready" className="mt-8 flex flex-col items-start gap-4">
      <h2 id="not-ready" className="text-xl font-bold">
        Some lines of your cart need changing before you can order
      </h2>
      <ul className="w-full divide-y divide-base-300 rounded-box bg-base-100 px-5 shadow-sm">
        {blocked.map((line) => (
          <li key={line.toolId} className="py-4">
            <p className="font-bold">{line.name}</p>
            {flagsOf(line).map((flag) => (
              <p key={flag} className="text-sm font-semibold text-error">
                {flag}
              </p>
            ))}
          </li>
        ))}
      </ul>
      <Link to={paths.cart} className="btn btn-primary">
        Back to your cart
      </Link>
    </section>
  );
}

/** The order form: where to ship, the lines as the server priced them, the amounts and Place order. */
function CheckoutForm({
  checkout: { cart, address, phone },
  attemptKey,
  refusal,
}: {
  checkout: Checkout;
  attemptKey: string;
  refusal: CheckoutRefusal | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const alertRef = useRef<HTMLParagraphElement>(null);
  // A refusal is announced where the eye and the screen reader already are: on the message.
  useEffect(() => {
    if (refusal) alertRef.current?.focus();
  }, [refusal]);
  return (
    // noValidate: the shared schema's messages (SPEC §5's 'Address is Required') come back from the action.
    <Form method="post" noValidate className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
      {/* A new key after each refusal: the next Place order is a new attempt (decision 051). */}
      <input type="hidden" name="attemptKey" value={refusal?.attemptKey ?? attemptKey} />
      <div className="flex flex-col gap-8">
        {refusal && (
          <p
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="alert alert-error alert-soft text-sm font-medium"
          >
            {refusal.message ?? NOT_PLACED}
          </p>
        )}
        <section aria-labelledby="checkout-lines" className="rounded-box bg-base-100 px-5 py-4 shadow-sm">
          <h2 id="checkout-lines" className="text-lg font-bold">
            Your order
          </h2>
          <ul aria-label="Order lines">
            {cart.lines.map((line) => (
              <CheckoutLineItem key={line.toolId} line={line} refusal={refusal?.lines[line.toolId]} />
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="checkout-shipping"
          className="flex flex-col gap-4 rounded-box bg-base-100 p-5 shadow-sm"
        >
          <h2 id="checkout-shipping" className="text-lg font-bold">
            Shipping
          </h2>
          <TextAreaField
            label="Address"
            name="address"
            rows={3}
            autoComplete="street-address"
            defaultValue={refusal?.values.address ?? address ?? ''}
            error={refusal?.fields.address}
          />
          <TextField
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={refusal?.values.phone ?? phone ?? ''}
            error={refusal?.fields.phone}
          />
        </section>
      </div>
      <CartSummary id="checkout-summary" cart={cart}>
        <p className="text-sm text-base-content/70">
          Placing the order takes you to its payment. Stock is held for you as soon as the order is placed.
        </p>
        {/* Enabled before the scripts run: the form then posts as plain HTML. */}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Place order
        </button>
        <Link to={paths.cart} className="btn btn-ghost btn-block">
          Back to your cart
        </Link>
      </CartSummary>
    </Form>
  );
}

/**
 * /checkout (decision 051): the signed-in customer's cart as one order, rendered on the server. An empty
 * cart leads to the tools; a cart with a line gone, repriced or short of stock leads back to the cart.
 */
export function CheckoutPage({
  view,
  refusal,
}: {
  view: CheckoutView;
  refusal: CheckoutRefusal | undefined;
}) {
  let content;
  if (view.kind === 'unverified') {
    content = (
      <p role="alert" className="alert alert-warning alert-soft mt-8">
        {view.message}
      </p>
    );
  } else if (view.checkout.cart.lines.length === 0) {
    content = (
      <div className="mt-8 flex flex-col items-start gap-4">
        <p>Your cart is empty.</p>
        <Link to={paths.tools} className="btn btn-primary">
          Browse all tools
        </Link>
      </div>
    );
  } else if (!view.checkout.cart.readyForCheckout) {
    content = <CartNotReady cart={view.checkout.cart} />;
  } else {
    content = <CheckoutForm checkout={view.checkout} attemptKey={view.attemptKey} refusal={refusal} />;
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">Checkout</h1>
      {content}
    </div>
  );
}
