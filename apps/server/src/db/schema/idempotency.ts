import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { createdAt } from './columns';
import { orders } from './orders';

/**
 * The first answer to a write sent with an `Idempotency-Key`, kept so that a retry gets it again instead
 * of writing twice. Stored in the write's own transaction: an answer exists exactly when its write does.
 * A checkout's key keeps the order it placed instead (`orderId`), and its retry gets that order as it
 * stands (decision 069).
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
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
