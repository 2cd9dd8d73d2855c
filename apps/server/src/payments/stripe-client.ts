import Stripe from 'stripe';
import { isStripeConfigured, type Env } from '../env';

/** The Stripe API client in Stripe mode (all three STRIPE_* keys set), else null: the demo processor. */
export function createStripeClient(env: Env): Stripe | null {
  if (!isStripeConfigured(env)) return null;
  return new Stripe(env.STRIPE_SECRET_KEY!, { appInfo: { name: 'Toolshop' }, maxNetworkRetries: 2 });
}
