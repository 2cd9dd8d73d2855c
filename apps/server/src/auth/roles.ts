import { inArray } from 'drizzle-orm';
import type { Role } from '@toolshop/shared/user';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/** The role a new account gets: admin when its e-mail is in ADMIN_EMAILS, customer otherwise. */
export function roleForNewAccount(email: string, adminEmails: readonly string[]): Role {
  return adminEmails.includes(email.toLowerCase()) ? 'admin' : 'customer';
}

/** ADMIN_EMAILS also promotes accounts that existed before their address was added to it. */
export async function promoteAdminEmails(db: Database, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db
    .update(user)
    .set({ role: 'admin' })
    .where(inArray(user.email, [...adminEmails]));
}
