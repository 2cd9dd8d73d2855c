import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type Stripe from 'stripe';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/routes';
import { createAuth, type Auth } from './auth/auth';
import { authRoutes } from './auth/routes';
import { scryptPasswords, type PasswordHashing } from './auth/password-hashing';
import { checkoutRoutes } from './checkout/routes';
import { cartRoutes } from './cart/routes';
import { resolveAuthSecret } from './auth/secret';
import { createSessionReader } from './auth/session-reader';
import { changeFeedFor } from './db/change-feed';
import type { Database } from './db/client';
import { publicUrl, type Env } from './env';
import { healthRoutes } from './health/routes';
import { OneLineRequestLog } from './logger';
import { imageRoutes } from './images/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { accessPlugin } from './plugins/app/access';
import { closingConnectionsPlugin } from './plugins/app/closing-connections';
import { crossSitePlugin } from './plugins/app/cross-site';
import { errorBody, errorHandlerPlugin } from './plugins/app/errors';
import { inputGuardsPlugin } from './plugins/app/input-guards';
import { BODY_MAX_BYTES, jsonBodyPlugin } from './plugins/app/json-body';
import { periodicTasksPlugin } from './plugins/app/periodic-tasks';
import { orderRoutes } from './orders/routes';
import { paymentRoutes } from './payments/routes';
import { createStripeClient } from './payments/stripe-client';
import { adminNotices } from '@toolshop/shared/messages';
import { openApiPlugin } from './plugins/external/openapi';
import { securityPlugin } from './plugins/external/security';
import { webAppPlugin } from './plugins/external/web-app';
import { mountWebDevServer } from './plugins/external/web-dev';
import { profileRoutes } from './profiles/routes';
import { productReviewRoutes } from './product-reviews/routes';
import { reviewRoutes } from './reviews/routes';
import { createServices, type Services } from './services';
import { shopSettingsRoutes } from './shop-settings/routes';
import { categoryRoutes } from './categories/routes';
import { siteConfigRoutes } from './site-config/routes';
import { storefrontPages } from './storefront/pages';
import { seoRoutes } from './storefront/seo-routes';
import { toolRoutes } from './tools/routes';
import { userRoutes } from './users/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    env: Env;
    mailer: Mailer;
    /** Every feature's service, built once (services.ts); routes get theirs as plugin options. */
    services: Services;
    /** Better Auth, declared here rather than in plugins/app/access.ts so that no plugin imports a feature. */
    auth: Auth;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AppDependencies {
  env: Env;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Where the mail outbox's worker hands each mail: defaults to SMTP (SMTP_URL) or DATA_DIR/outbox; tests
   * pass one that records what was sent.
   */
  mailer?: Mailer;
  /** The wait before a failed mail's first retry (default 10 s, doubling after); tests shorten it. */
  mailRetryBaseMs?: number;
  /** The least time between two low-stock claims (default 1 s); tests shorten it. */
  lowStockIntervalMs?: number;
  /** Better Auth's scrypt cost unless given; the API tests give a cheap one (decision 064). */
  passwords?: PasswordHashing;
  /** Defaults to a client for api.stripe.com in Stripe mode; tests pass one aimed at a local fake. */
  stripe?: Stripe | null;
  /** Folder of the built web app (client/ and server/ in it); defaults to apps/web/dist. */
  webRoot?: string;
  /** `npm run dev`: serve the web app from its sources through Vite instead of its build. */
  webDev?: boolean;
  /** Addresses in one file of the sitemap (default SITEMAP_URLS_PER_FILE); tests make it small. */
  sitemapUrlsPerFile?: number;
}

// apps/web and its dist, the same distance from src/app.ts and from the bundled dist/main.js.
const webDir = fileURLToPath(new URL('../../web', import.meta.url));
const defaultWebRoot = path.join(webDir, 'dist');

/** Builds the whole application, ready to listen or to be called with `inject()` in tests. */
export async function buildApp({
  env,
  db,
  logger = false,
  mailer,
  mailRetryBaseMs,
  lowStockIntervalMs,
  passwords = scryptPasswords(),
  stripe = createStripeClient(env),
  webRoot = defaultWebRoot,
  webDev = false,
  sitemapUrlsPerFile,
}: AppDependencies) {
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    // X-Forwarded-For is believed only behind proxies (rate limits key on the address), and as a hop
    // count rather than `true`: the address the nearest proxies saw, not what a client wrote first.
    trustProxy: env.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < env.TRUST_PROXY : false,
    // Every body read whole is a form of a few fields; routes that take more say so (decision 034).
    bodyLimit: BODY_MAX_BYTES,
    // A malformed URL (bad percent-encoding) is the client's mistake: answered in our error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.status(400).send(errorBody('bad_request', error.message));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('env', env);
  app.decorate('mailer', mailer ?? createMailer(env, app.log));

  // Payments run on the demo processor unless Stripe's keys are set: never silently (decision 010).
  if (!stripe) app.log.warn(`${adminNotices.demoPayments}: set STRIPE_SECRET_KEY to take real payments.`);

  const changes = await changeFeedFor(db, (err) =>
    app.log.warn({ err }, 'change feed: listener connection lost; caches bypassed until it is back'),
  );
  app.addHook('onClose', () => changes.close());
  const services = createServices({
    db,
    env,
    mailer: app.mailer,
    mailRetryBaseMs,
    lowStockIntervalMs,
    log: app.log,
    stripe,
    changes,
  });
  app.addHook('onClose', () => services.lowStock.close());
  app.addHook('onClose', () => services.outbox.close());
  app.decorate('services', services);
  app.decorate(
    'auth',
    createAuth({
      env,
      db,
      outbox: services.outbox,
      carts: services.carts,
      secret: await resolveAuthSecret(env, db),
      log: app.log,
      passwords,
    }),
  );
  app.decorate('readViewer', createSessionReader(app.auth, db));

  await app.register(closingConnectionsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, {
    stripe: stripe !== null,
    https: publicUrl(env).startsWith('https://'),
  });
  await app.register(openApiPlugin);
  await app.register(crossSitePlugin);
  await app.register(accessPlugin);
  await app.register(periodicTasksPlugin, {
    tasks: [
      // Payment and ordering never rely on this timer: a hold past its time is refused anyway.
      { name: 'expire unpaid orders', everyMs: MINUTE, run: services.orders.expireDue },
      { name: 'delete unreferenced images', everyMs: HOUR, run: services.images.sweepUnreferenced },
      { name: 'forget idempotency keys', everyMs: HOUR, run: services.idempotency.sweep },
      { name: 'drop stale visitor carts', everyMs: HOUR, run: services.carts.dropStaleVisitorCarts },
    ],
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteConfigRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes, { users: services.users });
      await api.register(profileRoutes, { profiles: services.profiles });
      await api.register(imageRoutes, { images: services.images });
      await api.register(toolRoutes, { tools: services.tools, responses: services.responses });
      await api.register(categoryRoutes, {
        categories: services.categories,
        responses: services.responses,
      });
      await api.register(cartRoutes, {
        carts: services.carts,
        secureCookies: publicUrl(env).startsWith('https://'),
      });
      await api.register(checkoutRoutes, { checkout: services.checkout });
      await api.register(orderRoutes, { orders: services.orders, idempotency: services.idempotency });
      await api.register(paymentRoutes, { payments: services.payments, idempotency: services.idempotency });
      await api.register(reviewRoutes, { reviews: services.reviews, responses: services.responses });
      await api.register(productReviewRoutes, {
        productReviews: services.productReviews,
        responses: services.responses,
      });
      await api.register(shopSettingsRoutes, { shopSettings: services.shopSettings });
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes, {
    tools: services.tools,
    categories: services.categories,
    responses: services.responses,
    publicUrl: publicUrl(env),
    ...(sitemapUrlsPerFile ? { urlsPerFile: sitemapUrlsPerFile } : {}),
  });
  if (!webDev) await app.register(webAppPlugin, { root: path.join(webRoot, 'client') });
  await app.register(storefrontPages, {
    serverBuild: webDev ? await mountWebDevServer(app, webDir) : path.join(webRoot, 'server', 'index.js'),
    responses: services.responses,
    changes: services.changes,
    publicUrl: publicUrl(env),
    ...(sitemapUrlsPerFile ? { urlsPerFile: sitemapUrlsPerFile } : {}),
  });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
