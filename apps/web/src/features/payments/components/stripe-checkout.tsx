import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { use, useState, type FormEvent } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { usePaymentIntent } from '../api';
import { PaymentFailure } from './payment-failure';

// This module is only imported in Stripe mode (React.lazy), so demo shops never download Stripe's code.

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key for the page's lifetime; a failed script load resolves to null. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const APPEARANCE = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#b83d0b',
    borderRadius: '8px',
    fontFamily: "'Inter Variable', system-ui, sans-serif",
  },
} as const;

function StripeCardForm({ amount, onSubmitted }: { amount: string; onSubmitted: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setFailure(undefined);
    const result = await stripe.confirmPayment({
      elements,
      // Only used by payment methods that leave the page; cards answer here without a redirect.
      confirmParams: { return_url: window.location.href },
      redirect: 'if_required',
    });
    setSubmitting(false);
    if (result.error) {
      setFailure(result.error.message ?? 'The payment could not be completed. Please try again.');
      return;
    }
    onSubmitted();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Card details" className="space-y-4">
      <PaymentElement onReady={() => setReady(true)} />
      {!ready && <Spinner label="Loading the card form" />}
      <PaymentFailure message={failure} />
      <button type="submit" className="btn btn-primary w-full" disabled={!stripe || !ready || submitting}>
        {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Pay {amount}
      </button>
    </form>
  );
}

interface StripeCheckoutProps {
  orderId: string;
  publishableKey: string;
  amount: string;
  /** Stripe accepted the payment; the order turns paid when the server hears Stripe's webhook. */
  onSubmitted: () => void;
}

/** Stripe's Payment Element for one order's PaymentIntent. Suspends while Stripe.js loads. */
export function StripeCheckout({ orderId, publishableKey, amount, onSubmitted }: StripeCheckoutProps) {
  const stripe = use(stripeFor(publishableKey));
  const intent = usePaymentIntent(orderId);

  if (!stripe) {
    return (
      <p role="alert" className="alert alert-error alert-soft">
        The card form could not be loaded. Check your connection (or any content blocker) and reload the page.
      </p>
    );
  }
  if (intent.isPending) return <Spinner label="Preparing the payment" />;
  if (intent.isError) {
    return <QueryError what="the payment form" onRetry={() => void intent.refetch()} />;
  }

  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.data.clientSecret, appearance: APPEARANCE }}>
      <StripeCardForm amount={amount} onSubmitted={onSubmitted} />
    </Elements>
  );
}
