import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Stripe's Payment Element is a script and iframes from Stripe: allowed only when the shop uses Stripe.
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Security headers and response compression for every response, API and web app alike. */
export const securityPlugin = fp(async (app: FastifyInstance, { stripe }: { stripe: boolean }) => {
  const withStripe = (sources: string[], extra: string[]) => (stripe ? [...sources, ...extra] : sources);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: withStripe(["'self'"], STRIPE_SOURCES.script),
        frameSrc: stripe ? STRIPE_SOURCES.frame : ["'none'"],
        // react-toastify injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: product and profile images may be https addresses (IMAGE_URL_PATTERN).
        imgSrc: withStripe(["'self'", 'data:', 'blob:', 'https:'], STRIPE_SOURCES.img),
        connectSrc: withStripe(["'self'"], STRIPE_SOURCES.connect),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        // Served over plain HTTP on localhost by default: forcing https would break that.
        upgradeInsecureRequests: null,
      },
    },
    // Same reason: HSTS belongs to the TLS-terminating proxy in front of a real deployment.
    hsts: false,
  });
  await app.register(compress, { threshold: 1024 });
});
