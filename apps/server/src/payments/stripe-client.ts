import Stripe from 'stripe';
import { isStripeConfigured, type Env } from '../env';
import { AppError } from '../plugins/app/errors';

/** The Stripe API client in Stripe mode (all three STRIPE_* keys set), else null: the demo processor. */
export function createStripeClient(env: Env): Stripe | null {
  if (!isStripeConfigured(env)) return null;
  return new Stripe(env.STRIPE_SECRET_KEY!, { appInfo: { name: 'Toolshop' }, maxNetworkRetries: 2 });
}

// Statuses in which money is moving or has moved: the order must not be cancelled under it.
const PAYMENT_UNDER_WAY = new Set(['processing', 'requires_capture', 'succeeded']);

/**
 * Cancels an order's PaymentIntent before the order itself is cancelled, so that a card cannot be charged
 * for a cancelled order. Refused (409) once the payment is under way.
 */
export async function cancelStripePayment(stripe: Stripe, intentId: string): Promise<void> {
  const paymentUnderWay = () =>
    new AppError(
      409,
      'payment_in_progress',
      'This order’s payment is already under way: it can no longer be deleted.',
    );
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.status === 'canceled') return;
  if (PAYMENT_UNDER_WAY.has(intent.status)) throw paymentUnderWay();
  try {
    await stripe.paymentIntents.cancel(intentId);
  } catch (error) {
    // The payment moved on between the two calls.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw paymentUnderWay();
    throw error;
  }
}
