import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Stripe's Payment Element is a script and iframes from Stripe: allowed only when the shop uses Stripe.
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The headers helmet sets for these options. They are the same for every response, so helmet runs once,
 * at start, against a stand-in response, instead of once per request.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The browser features the shop never uses, denied to it and to every frame it embeds (decision 040). Only
 * Stripe's Payment Element asks for one (`payment`, for wallet buttons), and only in Stripe mode.
 */
function permissionsPolicy(stripe: boolean): string {
  const denied = [
    'accelerometer',
    'autoplay',
    'bluetooth',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`);
  const stripeFrames = STRIPE_SOURCES.frame.map((origin) => ` "${origin}"`).join('');
  return [...denied, `payment=(${stripe ? `self${stripeFrames}` : ''})`].join(', ');
}

export interface SecurityOptions {
  /** Stripe mode: its scripts and frames are allowed, and may ask for payment. */
  stripe: boolean;
  /** PUBLIC_URL is https://: browsers are told to use nothing else for a year. */
  https: boolean;
}

/** Security headers and response compression for every response, API and web app alike. */
export const securityPlugin = fp(async (app: FastifyInstance, { stripe, https }: SecurityOptions) => {
  const withStripe = (sources: string[], extra: string[]) => (stripe ? [...sources, ...extra] : sources);
  const headers = securityHeaders({
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
    // Only where the shop's own address is https: a plain-HTTP shop on localhost must stay reachable.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // No address leaves for another site, as with helmet's no-referrer; but the shop's own forms (the cart's,
    // posted before the scripts run) carry their Origin, which React Router and the API's cross-site check
    // read: under no-referrer a browser sends `Origin: null` and the form is refused (decision 050).
    referrerPolicy: { policy: 'same-origin' },
  });
  headers['permissions-policy'] = permissionsPolicy(stripe);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // The web build is compressed once, at build time (decision 017): only API answers are compressed here.
  app.addHook('onRoute', (route) => {
    if (!/^\/api(\/|$)/.test(route.url)) route.compress ??= false;
  });
  await app.register(compress, { threshold: 1024 });
});
