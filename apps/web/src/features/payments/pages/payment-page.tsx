import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { PaymentResult, PaymentSummary } from '@toolshop/shared/payment';
import { Spinner } from '../../../components/ui/spinner';
import { screenHeading } from '../../../components/layout/use-focus-on-navigation';
import { siteConfigQueryOptions, useSignedInUser } from '../../../lib/auth';
import { usePaymentSummary, useRefreshPaymentState } from '../api';
import { DemoCardForm } from '../components/demo-card-form';
import { PaidPanel } from '../components/paid-panel';
import { PaymentFailure } from '../components/payment-failure';

// Stripe's libraries are their own chunk, downloaded only when the shop takes real cards.
const StripeCheckout = lazy(async () => ({
  default: (await import('../components/stripe-checkout')).StripeCheckout,
}));

const PAYMENT_SUCCESSFUL = 'Payment successful';

/** Stripe sends the buyer back here after a payment method that leaves the page (3-D Secure, banks). */
function stripeReturnStatus(params: URLSearchParams): 'confirming' | 'failed' | null {
  const status = params.get('redirect_status');
  if (status === 'succeeded' || status === 'processing') return 'confirming';
  if (status === 'failed') return 'failed';
  return null;
}

function OrderSummary({ summary, greeting }: { summary: PaymentSummary; greeting: string }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2">
      <div className="card-body gap-4">
        <h2 className="text-xl font-bold">Hello, {greeting}</h2>
        <p className="text-base-content/80">
          Please pay for <strong className="text-base-content">{summary.tool}</strong>
        </p>
        <dl className="divide-y divide-base-300 rounded-box bg-base-200 px-4 text-sm">
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-base-content/60">Quantity</dt>
            <dd className="font-semibold">{formatCount(summary.quantity)}</dd>
          </div>
          {summary.unitPrice !== null && (
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-base-content/60">Unit price</dt>
              <dd className="font-semibold">{formatPrice(summary.unitPrice)}</dd>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-4 py-3">
            <dt className="text-base-content/60">Total</dt>
            <dd className="text-2xl font-extrabold text-primary">{formatPrice(summary.total)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

/** SPEC §2 Payment: the order's summary and a card form (Stripe's, or the demo processor's). */
export function PaymentPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const user = useSignedInUser();
  const config = useSuspenseQuery(siteConfigQueryOptions()).data;
  const returned = stripeReturnStatus(searchParams);
  const [stripeSubmitted, setStripeSubmitted] = useState(returned === 'confirming');
  const [demoResult, setDemoResult] = useState<PaymentResult | null>(null);
  const order = usePaymentSummary(id, { awaitConfirmation: stripeSubmitted }).data;
  const refreshPaymentState = useRefreshPaymentState(id);
  const status = order.status;
  const stripeConfirmed = stripeSubmitted && (status === 'paid' || status === 'delivered');

  // The webhook has confirmed a Stripe payment: tell the buyer once, and refresh their order list.
  useEffect(() => {
    if (!stripeConfirmed) return;
    toast.success(PAYMENT_SUCCESSFUL, { toastId: `paid-${id}` });
    void refreshPaymentState();
  }, [stripeConfirmed, id, refreshPaymentState]);

  const amount = formatPrice(order.total);
  const onDemoPaid = (result: PaymentResult) => {
    setDemoResult(result);
    toast.success(PAYMENT_SUCCESSFUL, { toastId: `paid-${id}` });
  };

  let panel: ReactNode;
  if (demoResult) {
    panel = <PaidPanel heading={PAYMENT_SUCCESSFUL} transactionId={demoResult.transactionId} takeFocus />;
  } else if (stripeConfirmed) {
    panel = <PaidPanel heading={PAYMENT_SUCCESSFUL} transactionId={order.transactionId} takeFocus />;
  } else if (order.status === 'paid' || order.status === 'delivered') {
    panel = <PaidPanel heading="This order is already paid" transactionId={order.transactionId} />;
  } else if (order.status === 'cancelled') {
    panel = (
      <p role="alert" className="alert alert-warning alert-soft">
        This order was cancelled, so there is nothing to pay.
      </p>
    );
  } else if (stripeSubmitted) {
    panel = (
      <div role="status" className="flex items-center gap-3 rounded-box bg-info/10 p-6">
        <span className="loading loading-spinner text-info" aria-hidden="true" />
        <span className="font-medium">Payment received: confirming…</span>
      </div>
    );
  } else if (config.payments.mode === 'demo') {
    panel = (
      <DemoCardForm
        orderId={order._id}
        amount={amount}
        onPaid={onDemoPaid}
        onConflict={() => void refreshPaymentState()}
      />
    );
  } else {
    panel = (
      <>
        <PaymentFailure
          message={
            returned === 'failed'
              ? 'The payment was not completed. Please try again or use another card.'
              : null
          }
        />
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <StripeCheckout
            orderId={order._id}
            publishableKey={config.payments.publishableKey}
            amount={amount}
            onSubmitted={() => setStripeSubmitted(true)}
          />
        </Suspense>
      </>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <OrderSummary summary={order} greeting={user.name} />
      <section
        aria-labelledby="payment-heading"
        className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-3"
      >
        <div className="card-body gap-4">
          {/* Arriving here (after Place Order), the buyer starts at the payment, not the greeting. */}
          <h2 id="payment-heading" className="text-xl font-bold" {...screenHeading}>
            Payment
          </h2>
          {panel}
        </div>
      </section>
    </div>
  );
}
