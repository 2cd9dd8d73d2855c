import { z } from 'zod';
import { DEFAULT_ORDER_HOLD_MINUTES } from '@toolshop/shared/constants';

// An empty variable (`FOO=` in a .env file) means "not set", not "set to the empty string".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL');

/** Every environment variable the server reads (ARCHITECTURE §3), validated once at start. */
export const envSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 3000),
  HOST: withDefault(z.string().min(1), '127.0.0.1'),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  DATABASE_URL: optional(postgresUrl),
  /** PostgreSQL only: how long to wait for a connection and for a query's answer before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 5000),
  DATABASE_QUERY_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 5000),
  /**
   * How long SIGTERM waits for answers in flight before the process exits anyway (decision 038): under the
   * 10 s the shop promises, and well under the 30 s grace of common orchestrators.
   */
  SHUTDOWN_GRACE_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 8000),
  /** Set when a reverse proxy in front of the shop sets X-Forwarded-For; never otherwise (spoofable). */
  TRUST_PROXY: withDefault(
    z
      .string()
      .regex(/^(true|false|\d+)$/, 'must be false, true (one proxy) or the number of proxies in front')
      .transform((value) => (value === 'false' ? 0 : value === 'true' ? 1 : Number(value))),
    'false',
  ),

  BETTER_AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAILS: withDefault(emailList, ''),

  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: withDefault(z.string().min(3), 'Toolshop <no-reply@toolshop.local>'),

  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  OIDC_DISCOVERY_URL: withDefault(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    'https://accounts.google.com/.well-known/openid-configuration',
  ),

  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)'),
  ),

  /** How long an unpaid order holds its stock before it expires. */
  ORDER_HOLD_MINUTES: withDefault(z.coerce.number().int().min(1).max(10_080), DEFAULT_ORDER_HOLD_MINUTES),
});

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'InvalidEnvError';
  }
}

/** Parses the environment; a bad value throws an error naming every offending variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new InvalidEnvError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = result.data;
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new InvalidEnvError([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three for card payments through Stripe, or none for the demo processor',
    ]);
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new InvalidEnvError([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither',
    ]);
  }
  return env;
}

export function isStripeConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET);
}

export function isGoogleSignInConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The address links in e-mails point to. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
