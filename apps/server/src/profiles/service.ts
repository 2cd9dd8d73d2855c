import { eq } from 'drizzle-orm';
import type { Profile, ProfileInput } from '@toolshop/shared/profile';
import type { Database } from '../db/client';
import { profiles } from '../db/schema';
import { assertSelfOrAdmin, createUserService } from '../users/service';
import type { Viewer } from '../viewer';

export function createProfileService(db: Database) {
  const users = createUserService(db);

  async function read(email: string): Promise<Profile> {
    const account = await users.findByEmail(email);
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, account.id));
    return {
      email: account.email,
      name: account.name,
      education: row?.education ?? null,
      location: row?.location ?? null,
      linkedIn: row?.linkedIn ?? null,
      number: row?.number ?? null,
      img: row?.img ?? null,
    };
  }

  return {
    /** Own profile; an admin may read anyone's. */
    async get(viewer: Viewer, email: string): Promise<Profile> {
      assertSelfOrAdmin(viewer, email, true);
      return read(email);
    },

    /** Own profile only: not even an admin edits someone else's. */
    async save(viewer: Viewer, email: string, input: ProfileInput): Promise<Profile> {
      assertSelfOrAdmin(viewer, email, false);
      const account = await users.findByEmail(email);
      // An update without a new image keeps the one already there.
      const values = {
        education: input.education,
        location: input.location,
        linkedIn: input.linkedIn,
        number: input.number,
      };
      await db
        .insert(profiles)
        .values({ userId: account.id, ...values, img: input.img ?? null })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: input.img ? { ...values, img: input.img } : values,
        });
      return read(email);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
