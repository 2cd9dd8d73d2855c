import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every admin action (activity-log/record-activity.ts), written in the transaction of the change it records. Append-only:
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
      sql`${table.kind} in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.shipped', 'order.delivered', 'settings.shipping', 'product-review.hidden', 'admin.signed-in', 'category.added', 'category.edited', 'category.reordered', 'category.deleted')`,
    ),
    index('activity_log_created_at_idx').on(table.createdAt, table.id),
    index('activity_log_actor_id_idx').on(table.actorId, table.id),
    index('activity_log_kind_idx').on(table.kind, table.id),
  ],
);
