import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { updatedAt } from './columns';

/** SPEC §3's profile (education, location, LinkedIn, number, image), one per account. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  education: text('education').notNull(),
  location: text('location').notNull(),
  linkedIn: text('linked_in').notNull(),
  number: text('number').notNull(),
  img: text('img'),
  updatedAt: updatedAt(),
});
