import { asc, eq } from 'drizzle-orm';
import { userMessages } from '@toolshop/shared/messages';
import type { Role, User } from '@toolshop/shared/user';
import { recordActivity, recordedBy } from '../activity-log/record-activity';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { forbidden } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import type { Actor, Viewer } from '../viewer';

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

  /** Gives `target` its new role and logs it, in the caller's transaction. */
  async function setRole(
    tx: Database,
    actor: Actor,
    target: UserRow,
    role: Role,
    kind: 'user.promoted' | 'user.revoked',
  ): Promise<User> {
    const [row] = await tx.update(user).set({ role }).where(eq(user.id, target.id)).returning();
    await recordActivity(tx, {
      ...recordedBy(actor),
      kind,
      subject: { type: 'user', id: row!.id, label: row!.email },
      details: { role: { before: target.role, after: role } },
    });
    return toUserDto(row!);
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

    /** Promoting an admin again changes nothing and logs nothing. */
    async promote(actor: Actor, email: string): Promise<User> {
      const { id } = await findByEmail(email);
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(user).where(eq(user.id, id)).for('update');
        if (!target) throw notFound('User not found');
        if (target.role === 'admin') return toUserDto(target);
        return setRole(tx, actor, target, 'admin', 'user.promoted');
      });
    },

    /**
     * Makes another admin a customer again. Every admin row is locked first, so two admins revoking each
     * other at once are serialised and the second sees only one admin left (never zero admins). The
     * revoker's own role is read under the same lock: one demoted a moment ago may not demote a third.
     */
    async revoke(actor: Actor, email: string): Promise<User> {
      const { viewer } = actor;
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
        // The locked rows say it is an admin now, whatever it was when read above.
        return setRole(tx, actor, { ...target, role: 'admin' }, 'customer', 'user.revoked');
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
