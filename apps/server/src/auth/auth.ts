import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '@toolshop/shared/constants';
import type { Database } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import { isGoogleSignInConfigured, publicUrl, type Env } from '../env';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { promoteIfAdminAddress, roleForNewAccount } from './roles';

/** Set by our adapter from Fastify's idea of the client address (which honours TRUST_PROXY only). */
export const CLIENT_IP_HEADER = 'x-toolshop-client-ip';

export const GOOGLE_PROVIDER_ID = 'google';

/** The web app's page that confirms a verified address (apps/web verify-email-page). */
const VERIFY_EMAIL_PAGE = '/verify-email';

/**
 * A verification link lands on the confirmation page unless the client asked for another one. Better Auth
 * writes `/` when the client named none; the confirmation page links home anyway.
 */
function withDefaultCallback(link: string): string {
  const url = new URL(link);
  const callback = url.searchParams.get('callbackURL');
  if (!callback || callback === '/') url.searchParams.set('callbackURL', VERIFY_EMAIL_PAGE);
  return url.toString();
}

export interface AuthDependencies {
  env: Env;
  db: Database;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
}

export function createAuth({ env, db, mailer, secret, log }: AuthDependencies) {
  const baseURL = publicUrl(env);

  // Mail goes out in the background: a slow or failing SMTP server must not fail or delay a sign-up, and
  // answering at once does not reveal whether an address has an account.
  const sendInBackground = (mail: Parameters<Mailer['send']>[0]) => {
    mailer
      .send(mail)
      .catch((err: unknown) => log.error({ err, to: mail.to, subject: mail.subject }, 'mail failed'));
  };

  return betterAuth({
    appName: 'Toolshop',
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: env.NODE_ENV === 'development' ? [baseURL, 'http://localhost:5173'] : [baseURL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    user: {
      additionalFields: {
        // input: false — no sign-up or update payload can set it; only databaseHooks and admins do.
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, url }) => {
        sendInBackground(passwordResetMail(account.email, account.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      afterEmailVerification: async (account) => promoteIfAdminAddress(db, account.email, env.ADMIN_EMAILS),
      sendVerificationEmail: async ({ user: account, url }) => {
        sendInBackground(verificationMail(account.email, account.name, withDefaultCallback(url)));
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: {
              ...data,
              role: roleForNewAccount(data.email, Boolean(data.emailVerified), env.ADMIN_EMAILS),
            },
          }),
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    plugins: [
      // API clients send `Authorization: Bearer <token>`; the web app uses the httpOnly cookie.
      bearer(),
      ...(isGoogleSignInConfigured(env)
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: env.GOOGLE_CLIENT_ID!,
                  clientSecret: env.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: env.OIDC_DISCOVERY_URL,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
