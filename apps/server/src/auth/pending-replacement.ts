import type { AuthContext } from 'better-auth';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/**
 * Context for one sign-up in which a pending (unverified) account of the address does not count as taken,
 * and is deleted only when Better Auth creates the new account, i.e. once the sign-up has passed every
 * check (its schema, the password's length, the user fields, our before hook) and its password is hashed.
 * Deleting it earlier let a stranger's failing sign-up kill the owner's mailed link (decision 038). Its
 * password, sessions and mailed links die with it (links name the account's id); a confirmed account
 * still takes Better Auth's "taken" path.
 */
export function replacingPendingAccount(
  context: AuthContext,
  db: Database,
): { internalAdapter: AuthContext['internalAdapter'] } {
  const adapter = context.internalAdapter;
  return {
    internalAdapter: {
      ...adapter,
      findUserByEmail: async (email, options) => {
        const found = await adapter.findUserByEmail(email, options);
        return found?.user.emailVerified === false ? null : found;
      },
      createUser: async (data, ...rest) => {
        await db.delete(user).where(and(eq(user.email, data.email), eq(user.emailVerified, false)));
        return adapter.createUser(data, ...rest);
      },
    },
  };
}
