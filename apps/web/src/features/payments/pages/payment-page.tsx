import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { formatPrice } from '@toolshop/shared/money';
import { isPaidStatus } from '@toolshop/shared/order-status';
import { paths } from '@toolshop/shared/paths';
import { Spinner } from '../../../components/ui/spinner';
import { screenHeading } from '../../../components/layout/use-focus-on-navigation';
import { siteConfigQueryOptions, useSignedInUser } from '../../../lib/auth';
import { usePaymentSummary, useRefreshPaymentState } from '../api';
import { DemoCardForm } from '../components/demo-card-form';
import { OrderSummary } from '../components/order-summary';
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

/** SPEC §2 Payment: the order's summary and a card form (Stripe's, or the demo processor's). */
export function PaymentPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const user = useSignedInUser();
  const config = useSuspenseQuery(siteConfigQueryOptions()).data;
  const returned = stripeReturnStatus(searchParams);
  const [stripeSubmitted, setStripeSubmitted] = useState(returned === 'confirming');
  const order = usePaymentSummary(id, { awaitConfirmation: stripeSubmitted }).data;
  const refreshPaymentState = useRefreshPaymentState(id);
  const navigate = useNavigate();
  const paid = isPaidStatus(order.status);
  const stripeConfirmed = stripeSubmitted && paid;
  const [demoPaid, setDemoPaid] = useState(false);
  const justPaid = demoPaid || stripeConfirmed;

  // Paid: the customer lands on the order's own page (decision 051), told once on the way.
  const goToOrder = useCallback(() => {
    toast.success(PAYMENT_SUCCESSFUL, { toastId: `paid-${id}` });
    void navigate(paths.order(id));
  }, [id, navigate]);
  const onDemoPaid = () => {
    setDemoPaid(true);
    goToOrder();
  };

  // The webhook has confirmed a Stripe payment: refresh the order list, and on to the order.
  useEffect(() => {
    if (!stripeConfirmed) return;
    void refreshPaymentState();
    goToOrder();
  }, [stripeConfirmed, refreshPaymentState, goToOrder]);

  const amount = formatPrice(order.total);

  let panel: ReactNode;
  if (paid || justPaid) {
    panel = (
      <PaidPanel
        heading={justPaid ? PAYMENT_SUCCESSFUL : 'This order is already paid'}
        orderId={order._id}
        transactionId={order.transactionId}
      />
    );
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
