import { asc, eq } from 'drizzle-orm';
import { userMessages } from '@toolshop/shared/messages';
import type { User } from '@toolshop/shared/user';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { forbidden, type Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';

type UserRow = typeof user.$inferSelect;

const toUserDto = (row: UserRow): User => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role === 'admin' ? 'admin' : 'customer',
});

/** E-mails in paths are compared the way accounts store them: trimmed and lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A customer may only name themself; an admin may name anyone when `adminMayActForOthers`. */
export function assertSelfOrAdmin(viewer: Viewer, email: string, adminMayActForOthers: boolean): void {
  if (normalizeEmail(email) === viewer.email) return;
  if (adminMayActForOthers && viewer.role === 'admin') return;
  throw forbidden('You may only act on your own account.');
}

export function createUserService(db: Database) {
  async function findByEmail(email: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(user)
      .where(eq(user.email, normalizeEmail(email)));
    if (!row) throw notFound('User not found');
    return row;
  }

  return {
    findByEmail,

    /** Own e-mail; an admin may ask about anyone. */
    async isAdmin(viewer: Viewer, email: string): Promise<boolean> {
      assertSelfOrAdmin(viewer, email, true);
      return (await findByEmail(email)).role === 'admin';
    },

    /** The bearer token of the viewer's session, for their own e-mail only. */
    tokenFor(viewer: Viewer, email: string, bodyEmail: string | undefined): { token: string } {
      assertSelfOrAdmin(viewer, email, false);
      if (bodyEmail !== undefined && normalizeEmail(bodyEmail) !== viewer.email) {
        throw new AppError(400, 'invalid_input', 'The e-mail in the body must be your own.', {
          'body.email': 'must match the signed-in account',
        });
      }
      return { token: viewer.sessionToken };
    },

    async list(): Promise<User[]> {
      const rows = await db.select().from(user).orderBy(asc(user.email));
      return rows.map(toUserDto);
    },

    async promote(email: string): Promise<User> {
      const target = await findByEmail(email);
      const [row] = await db.update(user).set({ role: 'admin' }).where(eq(user.id, target.id)).returning();
      return toUserDto(row!);
    },

    /**
     * Makes another admin a customer again. Every admin row is locked first, so two admins revoking each
     * other at once are serialised and the second sees only one admin left (never zero admins). The
     * revoker's own role is read under the same lock: one demoted a moment ago may not demote a third.
     */
    async revoke(viewer: Viewer, email: string): Promise<User> {
      const target = await findByEmail(email);
      if (target.id === viewer.id) {
        throw new AppError(409, 'conflict', userMessages.cannotRevokeSelf);
      }
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: user.id })
          .from(user)
          .where(eq(user.role, 'admin'))
          .orderBy(asc(user.id))
          .for('update');
        if (!admins.some((row) => row.id === viewer.id)) throw forbidden();
        if (!admins.some((row) => row.id === target.id)) return toUserDto(target);
        if (admins.length <= 1) throw new AppError(409, 'conflict', userMessages.lastAdmin);
        const [row] = await tx
          .update(user)
          .set({ role: 'customer' })
          .where(eq(user.id, target.id))
          .returning();
        return toUserDto(row!);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
