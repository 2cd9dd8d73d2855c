import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { startLowStockNotifier } from './admin/low-stock-notifier';
import { createCategoryService } from './categories/service';
import { createCheckoutService } from './checkout/service';
import { createCartService } from './cart/service';
import type { ChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import { publicUrl, type Env } from './env';
import { createImageService } from './images/service';
import type { Mailer } from './mail/mailer';
import { startMailOutbox } from './mail/outbox';
import { createOrderService } from './orders/service';
import { createPaymentService } from './payments/service';
import { cancelStripePayment } from './payments/stripe-client';
import { createIdempotency } from './plugins/app/idempotency';
import { createResponseCache } from './plugins/app/response-cache';
import { createProductReviewService } from './product-reviews/service';
import { createProfileService } from './profiles/service';
import { createReviewService } from './reviews/service';
import { createShopSettingsService } from './shop-settings/service';
import { createToolService } from './tools/service';
import { createUserService } from './users/service';

export interface ServiceDependencies {
  db: Database;
  env: Env;
  /** What the outbox's worker hands each mail to. */
  mailer: Mailer;
  /** The outbox's first retry delay (tests shorten it). */
  mailRetryBaseMs?: number;
  /** The least time between two low-stock claims (tests shorten it). */
  lowStockIntervalMs?: number;
  log: FastifyBaseLogger;
  stripe: Stripe | null;
  changes: ChangeFeed;
}

/**
 * The composition root: every service is built once, here, and handed to the routes that use it. This is
 * the one place that knows which feature depends on which, and every write that changes what the caches
 * keep goes through a service built with the same change feed.
 */
export function createServices({
  db,
  env,
  mailer,
  mailRetryBaseMs,
  lowStockIntervalMs,
  log,
  stripe,
  changes,
}: ServiceDependencies) {
  const outbox = startMailOutbox({ db, changes, transport: mailer, log, retryBaseMs: mailRetryBaseMs });
  const users = createUserService(db);
  const tools = createToolService(db, changes);
  const carts = createCartService(db);
  const orders = createOrderService(db, {
    stock: tools.stock,
    cart: carts,
    users,
    holdMinutes: env.ORDER_HOLD_MINUTES,
    cancelPayment: stripe ? (intentId) => cancelStripePayment(stripe, intentId) : undefined,
    outbox,
    publicUrl: publicUrl(env),
  });
  return {
    changes,
    /** Running from here on; the app stops it when it closes. */
    outbox,
    users,
    tools,
    categories: createCategoryService(db, changes),
    orders,
    payments: createPaymentService({ db, env, outbox, log, stripe, orders, stock: tools.stock, changes }),
    carts,
    checkout: createCheckoutService(db, { carts, stock: tools.stock, holdMinutes: env.ORDER_HOLD_MINUTES }),
    reviews: createReviewService(db, changes),
    productReviews: createProductReviewService(db, changes),
    profiles: createProfileService(db),
    shopSettings: createShopSettingsService(db, changes),
    images: createImageService(db),
    idempotency: createIdempotency(db),
    responses: createResponseCache(changes),
    /** Running from here on; the app stops it when it closes. */
    lowStock: startLowStockNotifier({
      db,
      changes,
      outbox,
      log,
      publicUrl: publicUrl(env),
      minIntervalMs: lowStockIntervalMs,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
