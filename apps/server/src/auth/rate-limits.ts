import type { BetterAuthOptions } from 'better-auth';

/**
 * How often a client address may call Better Auth's endpoints, counted in the database (rate_limits) so
 * that every server process sees the same counts. The address is Fastify's request.ip (CLIENT_IP_HEADER).
 */
export const authRateLimits = {
  enabled: true,
  storage: 'database',
  window: 60,
  max: 100,
  customRules: {
    // Session reads are how the shop knows who is signed in; an office behind one NAT must not
    // appear signed out (decision 007). They prove nothing, so limiting them protects nothing.
    '/get-session': false,
    '/sign-in/email': { window: 60, max: 10 },
    '/sign-up/email': { window: 60, max: 10 },
    '/request-password-reset': { window: 60, max: 5 },
    '/reset-password': { window: 60, max: 10 },
    '/send-verification-email': { window: 60, max: 5 },
  },
} satisfies BetterAuthOptions['rateLimit'];
