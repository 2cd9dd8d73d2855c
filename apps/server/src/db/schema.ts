import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    /** What the admin counts on the shelf, including units held for unpaid orders. */
    onHand: integer('on_hand').notNull(),
    /** Units held by unpaid orders; what customers may still order is onHand − reserved. */
    reserved: integer('reserved').notNull().default(0),
    createdAt: createdAt(),
    /** Set when an admin deletes the tool: gone from the shop, still named by past orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Below this many available units the tool is low on stock; null: twice its minimum order. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set while the admins have been told of the tool's current fall below its threshold (once per crossing). */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    /** When a customer's cancel or an expiry last lifted the tool back above its threshold after its mail. */
    lowStockRecoveredAt: timestamp('low_stock_recovered_at', { withTimezone: true }),
  },
  (table) => [
    // The database itself refuses impossible stock, whatever code path writes it.
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_minimum_order_positive', sql`${table.minimumOrder} >= 1`),
    check('tools_reserved_not_negative', sql`${table.reserved} >= 0`),
    check('tools_reserved_within_on_hand', sql`${table.reserved} <= ${table.onHand}`),
    check('tools_low_stock_threshold_not_negative', sql`${table.lowStockThreshold} >= 0`),
    index('tools_created_at_idx').on(table.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ratings: smallint('ratings').notNull(),
    description: text('description').notNull(),
    /** The signed-in author; null for the demo reviews seeded into a new shop. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_ratings_range', sql`${table.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(table.createdAt),
    // A customer's reviews of the last day, counted against the daily limit.
    index('reviews_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

// --- Accounts: the tables Better Auth reads and writes (keys are its model and field names) -----------

const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const user = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** 'admin' or 'customer'. Never taken from a request body (see auth/roles.ts). */
    role: text('role').notNull().default('customer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('users_role_known', sql`${table.role} in ('admin', 'customer')`)],
);

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Rate-limit counters live in the database so that every server process sees the same counts. */
export const rateLimit = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** A secret the server generated for itself (no env variable given), shared by every instance. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Lets Better Auth load a session together with its user in one query (`advanced.database.joins`). */
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

// --- Profiles and images ---------------------------------------------------------------------------

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

// --- Orders and payments ---------------------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    /** The buyer's e-mail and display name when ordering, taken from the session. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    /** Copied so that an order still names its tool after the catalogue changes. */
    toolName: text('tool_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Copied from the tool when ordered: later price changes do not touch placed orders. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    status: text('status').notNull().default('unpaid'),
    /** The processor's reference: a Stripe PaymentIntent id, or demo_… from the demo processor. */
    transactionId: text('transaction_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The admin who marked it delivered (null on orders delivered before this was kept). */
    deliveredBy: text('delivered_by').references(() => user.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Its customer or an admin (null on orders cancelled before this was kept). */
    cancelledBy: text('cancelled_by').references(() => user.id),
    /** When an unpaid order's stock hold ends; past it the order is expired and its stock released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    check(
      'orders_status_known',
      sql`${table.status} in ('unpaid', 'paid', 'delivered', 'cancelled', 'expired')`,
    ),
    check('orders_unpaid_expires', sql`${table.status} <> 'unpaid' or ${table.expiresAt} is not null`),
    // A paid or delivered order always carries the processor's reference.
    check(
      'orders_paid_has_transaction',
      sql`${table.status} not in ('paid', 'delivered') or ${table.transactionId} is not null`,
    ),
    index('orders_user_id_idx').on(table.userId),
    index('orders_status_idx').on(table.status),
    // The expiry sweep reads only unpaid orders, soonest first.
    index('orders_unpaid_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'unpaid'`),
  ],
);

/**
 * What an account's unpaid orders hold: how many there are and how many units they reserve, counted by
 * triggers on `orders` (0009_order_holds.sql) so that no code path can let the counts drift. Placing an
 * order checks the account's bounds on this one row, locked, in the statement that reserves the stock.
 * Every account has its row from the moment it exists (a trigger on `users`).
 */
export const orderHolds = pgTable(
  'order_holds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    unpaidOrders: integer('unpaid_orders').notNull().default(0),
    reservedUnits: integer('reserved_units').notNull().default(0),
    /** The account's orders since `windowStartedAt`, counted by `place_orders` (decision 033's rate limit). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    ordersInWindow: integer('orders_in_window').notNull().default(0),
  },
  (table) => [
    check('order_holds_unpaid_orders_not_negative', sql`${table.unpaidOrders} >= 0`),
    check('order_holds_reserved_units_not_negative', sql`${table.reservedUnits} >= 0`),
  ],
);

/** Stripe webhook events already handled: a redelivered event is recognised and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Mail ---------------------------------------------------------------------------------------------

/**
 * Mails waiting to be sent (decision 037): written in the transaction of the change that causes them,
 * sent by a worker in every process, deleted once sent. `next_attempt_at` is also the lease of a claimed
 * row; `failed_at` marks a mail the server refused for good (kept for the operator, not retried).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.failedAt} is null`),
  ],
);

// --- Idempotent writes -----------------------------------------------------------------------------

/**
 * The first answer to a write sent with an `Idempotency-Key`, kept so that a retry gets it again instead
 * of writing twice. Stored in the write's own transaction: an answer exists exactly when its write does.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was first used for (method, route and body): the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

// --- Back office -----------------------------------------------------------------------------------

/**
 * Every admin action (admin/activity.ts), written in the transaction of the change it records. Append-only:
 * triggers refuse UPDATE, DELETE and TRUNCATE (0008_back_office.sql). The actor is copied, not referenced,
 * so that no cascade ever has to change a row.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    check(
      'activity_log_kind_known',
      sql`${table.kind} in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.delivered', 'admin.signed-in')`,
    ),
    index('activity_log_created_at_idx').on(table.createdAt, table.id),
    index('activity_log_actor_id_idx').on(table.actorId, table.id),
    index('activity_log_kind_idx').on(table.kind, table.id),
  ],
);

// Carts and order lines (migration 0017).
export * from './schema-cart';
