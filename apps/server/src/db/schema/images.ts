import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { createdAt } from './columns';

/* Uploaded images and the uploads that made them. */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, re-encoded to WebP. Stored in the database rather than on disk so that every server
 * process sharing the database can serve them; their bytes are in `image_chunks`.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The sweep of day-old unreferenced images.
  (table) => [index('images_created_at_idx').on(table.createdAt)],
);

/**
 * An image's bytes, per served width (`variant`: 0 the whole image, else its width), in chunks of at most
 * 8 kB read and written one per statement: PGlite runs on the server's thread (decision 036).
 */
export const imageChunks = pgTable(
  'image_chunks',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    variant: integer('variant').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ name: 'image_chunks_pkey', columns: [table.imageId, table.variant, table.seq] })],
);

/**
 * Every upload an account started: its daily limit counts them, refused and failed ones included, and
 * one unfinished attempt per account at most (decision 036).
 */
export const uploadAttempts = pgTable(
  'upload_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while running; 'busy' (the shop's line was full) is the one outcome the limit does not count. */
    outcome: text('outcome').$type<'stored' | 'refused' | 'busy'>(),
    /** The bytes stored, counted against UPLOAD_DAILY_MAX_BYTES. */
    storedBytes: integer('stored_bytes').notNull().default(0),
  },
  (table) => [
    check('upload_attempts_outcome_check', sql`${table.outcome} IN ('stored', 'refused', 'busy')`),
    check('upload_attempts_finished_check', sql`(${table.finishedAt} IS NULL) = (${table.outcome} IS NULL)`),
    uniqueIndex('upload_attempts_one_running_idx')
      .on(table.accountId)
      .where(sql`${table.finishedAt} IS NULL`),
    index('upload_attempts_account_id_started_at_idx').on(table.accountId, table.startedAt),
    index('upload_attempts_started_at_idx').on(table.startedAt),
  ],
);
