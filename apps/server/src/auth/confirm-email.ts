import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { z } from 'zod';
import { accountMessages as messages, confirmEmailSchema } from '@toolshop/shared/auth';

const tokenPayload = z.object({ email: z.string(), userId: z.string(), updateTo: z.undefined().optional() });

/**
 * Confirming an address takes the mailed link AND the account's password (decision 014): a link alone
 * would let whoever signed the address up first — with a password of their own — inherit the account the
 * moment the real owner clicks the mail the shop sent them. Better Auth's own GET /verify-email (link
 * only) is therefore closed.
 */
export function confirmEmail(onConfirmed: (email: string) => Promise<void>): BetterAuthPlugin {
  return {
    id: 'toolshop-confirm-email',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async () => {
            throw new APIError('NOT_FOUND', { message: messages.confirmationLinkInvalid });
          }),
        },
      ],
    },
    endpoints: {
      confirmEmail: createAuthEndpoint(
        '/confirm-email',
        { method: 'POST', body: confirmEmailSchema },
        async (ctx) => {
          const payload = tokenPayload.safeParse(await verifyJWT(ctx.body.token, ctx.context.secret));
          const found = payload.success
            ? await ctx.context.internalAdapter.findUserById(payload.data.userId)
            : null;
          if (!payload.success || !found || found.email !== payload.data.email.toLowerCase()) {
            throw new APIError('BAD_REQUEST', { message: messages.confirmationLinkInvalid });
          }
          if (!found.emailVerified) {
            const accounts = await ctx.context.internalAdapter.findAccounts(found.id);
            const hash = accounts.find((a) => a.providerId === 'credential')?.password;
            const matches =
              hash !== undefined &&
              hash !== null &&
              (await ctx.context.password.verify({ hash, password: ctx.body.password }));
            if (!matches) throw new APIError('BAD_REQUEST', { message: messages.confirmationPasswordWrong });
            await ctx.context.internalAdapter.updateUser(found.id, { emailVerified: true });
            await onConfirmed(found.email);
          }
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
