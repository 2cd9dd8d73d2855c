import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@toolshop/shared/user';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/**
 * ADMIN_EMAILS names addresses, and anyone can type an address into a sign-up form: its account becomes an
 * admin only once the address is proven (verified by mail, or vouched for by Google at sign-up).
 */
export function isAdminAddress(email: string, verified: boolean, adminEmails: readonly string[]): boolean {
  return verified && adminEmails.includes(email.toLowerCase());
}

export function roleForNewAccount(email: string, verified: boolean, adminEmails: readonly string[]): Role {
  return isAdminAddress(email, verified, adminEmails) ? 'admin' : 'customer';
}

/** Called when an address has just been verified. */
export async function promoteIfAdminAddress(db: Database, email: string, adminEmails: readonly string[]) {
  if (isAdminAddress(email, true, adminEmails)) {
    await db.update(user).set({ role: 'admin' }).where(eq(user.email, email.toLowerCase()));
  }
}

/** ADMIN_EMAILS also promotes verified accounts that existed before their address was added to it. */
export async function promoteAdminEmails(db: Database, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db
    .update(user)
    .set({ role: 'admin' })
    .where(and(inArray(user.email, [...adminEmails]), eq(user.emailVerified, true)));
}
