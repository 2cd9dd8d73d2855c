import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, like, ne } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { accountMessages, nameField, sanitisedName } from '@toolshop/shared/auth';
import { PASSWORD_MIN_LENGTH } from '@toolshop/shared/constants';
import { paths } from '@toolshop/shared/paths';
import { hashVisitorToken, type CartService } from '../cart/service';
import { VISITOR_CART_COOKIE, visitorCookieOptions } from '../cart/visitor-cookie';
import type { Database } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import { publicUrl, type Env } from '../env';
import type { OutgoingMail } from '../mail/mailer';
import type { MailOutbox } from '../mail/outbox';
import { existingAccountMail, passwordResetMail, verificationMail } from '../mail/templates';
import { trustedOrigins } from '../plugins/app/cross-site';
import { recordAdminSignIn } from './admin-sign-ins';
import { isCommonPassword } from './common-passwords';
import type { PasswordHashing } from './password-hashing';
import { confirmEmail } from './confirm-email';
import { replacingPendingAccount } from './pending-replacement';
import { providerPlugins } from './providers';
import { authRateLimits } from './rate-limits';
import { promoteIfAdminAddress, roleForNewAccount } from './roles';

/** Set by our adapter from Fastify's idea of the client address (which honours TRUST_PROXY only). */
export const CLIENT_IP_HEADER = 'x-toolshop-client-ip';

/**
 * The web app's page that confirms an address (apps/web verify-email-page): it asks for the password and
 * posts both to /api/auth/confirm-email (decision 014).
 */
function confirmationLink(baseURL: string, token: string): string {
  const url = new URL(paths.verifyEmail, baseURL);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The body field that carries the password a request would set, per Better Auth endpoint. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

function assertUncommonPassword(path: string, body: Record<string, unknown>) {
  const field = NEW_PASSWORD_FIELD[path];
  const password = field === undefined ? undefined : body[field];
  // A too-short password gets SPEC's length message from Better Auth first.
  if (typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      message: accountMessages.passwordTooCommon,
      code: 'PASSWORD_TOO_COMMON',
    });
  }
}

/** The name as stored (trimmed), or a 400 with the shared message. */
function validName(name: unknown): string {
  const result = nameField.safeParse(name);
  if (!result.success) {
    throw new APIError('BAD_REQUEST', { message: result.error.issues[0]!.message, code: 'INVALID_NAME' });
  }
  return result.data;
}

export interface AuthDependencies {
  env: Env;
  db: Database;
  outbox: MailOutbox;
  /** Where a visitor's cart goes when they sign in. */
  carts: CartService;
  secret: string;
  log: FastifyBaseLogger;
  passwords: PasswordHashing;
}

export function createAuth({ env, db, outbox, carts, secret, log, passwords }: AuthDependencies) {
  const baseURL = publicUrl(env);
  const secureCookies = baseURL.startsWith('https://');

  // Only the newest reset link of an account works, and none once its password has changed (decision 014):
  // a link left in a mailbox must not outlive the password it was sent to replace.
  const forgetResetLinks = (userId: string) =>
    db
      .delete(verification)
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));

  // Better Auth's own writes are not ours to join: the mail is queued durably as its callback runs, and
  // sent by the outbox's worker (decision 037), so a slow or failing SMTP server neither fails nor delays a
  // sign-up, and answering at once does not reveal whether an address has an account.
  const queue = (mail: OutgoingMail) => outbox.enqueue(db, mail);

  return betterAuth({
    appName: 'Toolshop',
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env),
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
    account: {
      accountLinking: {
        // Better Auth refuses a provider sign-in for an address with a pending account; that would let a
        // stranger's sign-up block the owner's Google sign-in. The provider proves the address, and the
        // account hook below strips the pending password (decision 014).
        requireLocalEmailVerified: false,
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: passwords,
      // Decision 014: no session and no trusted password before the address is proven.
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers alike for a new and a taken address; the taken address's owner hears of it.
      onExistingUserSignUp: async ({ user: existing }) => {
        await queue(existingAccountMail(existing.email, `${baseURL}${paths.resetPassword}`));
      },
      sendResetPassword: async ({ user: account, url }) => {
        await queue(passwordResetMail(account.email, url));
      },
      // The reset link proved the mailbox and its holder chose this password: the address is proven.
      onPasswordReset: async ({ user: account }) => {
        await db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
        await promoteIfAdminAddress(db, account.email, env.ADMIN_EMAILS);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in to a pending account (right password) mails the link again.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: account, token }) => {
        await queue(verificationMail(account.email, confirmationLink(baseURL, token)));
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        assertUncommonPassword(ctx.path, body);
        if (ctx.path === '/change-password') {
          // Changing the password signs the account's other sessions out unless the client asks otherwise.
          return { context: { body: { ...body, revokeOtherSessions: body.revokeOtherSessions ?? true } } };
        }
        if (ctx.path === '/sign-up/email' && typeof body.email === 'string') {
          validName(body.name);
          // A pending account of the address is replaced, but only by a sign-up that passes every check.
          return { context: { context: replacingPendingAccount(ctx.context, db) } };
        }
        if (ctx.path === '/update-user' && body.name !== undefined) {
          return { context: { body: { ...body, name: validName(body.name) } } };
        }
      }),
      // Signing in, by any means (password, Google), merges the visitor's cart into the account's and
      // drops the visitor's cookie in the same answer (decision 048): the account's cart is whole from
      // the first page the customer sees signed in, whichever instance serves it.
      after: createAuthMiddleware(async (ctx) => {
        const signedIn = ctx.context.newSession;
        const token = signedIn ? ctx.getCookie(VISITOR_CART_COOKIE) : null;
        if (!signedIn || !token) return;
        await carts.mergeVisitorCart(hashVisitorToken(token), signedIn.user.id);
        ctx.setCookie(VISITOR_CART_COOKIE, '', { ...visitorCookieOptions(secureCookies), maxAge: 0 });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: {
              ...data,
              name: sanitisedName(data.name, data.email.split('@')[0]!),
              role: roleForNewAccount(data.email, Boolean(data.emailVerified), env.ADMIN_EMAILS),
            },
          }),
        },
      },
      session: {
        // Admins' sign-ins go to the activity log (decision 021), with the address the session records.
        create: { after: (created, context) => recordAdminSignIn(db, created, context) },
      },
      verification: {
        create: {
          before: async (data) => {
            if (data.identifier.startsWith('reset-password:')) await forgetResetLinks(data.value);
          },
        },
      },
      account: {
        update: {
          // change-password (updateAccount) hands over the updated row. A reset's updateMany hands over a
          // count, but needs nothing: its link was the account's only one (verification hook) and is spent.
          after: async (updated) => {
            if (typeof updated === 'object' && updated?.providerId === 'credential') {
              await forgetResetLinks(updated.userId);
            }
          },
        },
        create: {
          // A provider (Google) vouching for an address that has only a pending password account: the
          // pending password was set by whoever typed the address, so it goes.
          before: async (data) => {
            if (data.providerId === 'credential') return;
            const [owner] = await db.select().from(user).where(eq(user.id, data.userId));
            if (owner && !owner.emailVerified) {
              await db
                .delete(account)
                .where(and(eq(account.userId, data.userId), ne(account.providerId, data.providerId)));
              await db.delete(session).where(eq(session.userId, data.userId));
              // The name was the stranger's too; the provider has proven the address, so ADMIN_EMAILS applies.
              await db
                .update(user)
                .set({ name: sanitisedName('', owner.email.split('@')[0]!) })
                .where(eq(user.id, owner.id));
              await promoteIfAdminAddress(db, owner.email, env.ADMIN_EMAILS);
            }
          },
        },
      },
    },
    rateLimit: authRateLimits,
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A signed-in request loads its session and user in one query (db/schema/accounts.ts), not two.
      database: { joins: true },
    },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    plugins: [
      confirmEmail((email) => promoteIfAdminAddress(db, email, env.ADMIN_EMAILS)),
      // API clients send `Authorization: Bearer <token>`; the web app uses the httpOnly cookie.
      bearer(),
      ...providerPlugins(env),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
