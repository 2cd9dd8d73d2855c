import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ACTIVITY_PAGE_LIMIT,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPage,
  type ActivityQuery,
} from '@toolshop/shared/admin';
import type { Database } from '../db/client';
import { activityLog } from '../db/schema';
import type { Actor } from '../plugins/app/access';

/** A database or one of its transactions: an entry is written in the transaction of its change. */
export type Writer = Pick<Database, 'insert'>;

export interface ActivityRecord {
  actor: { id: string; email: string; name: string };
  kind: ActivityKind;
  subject: ActivityEntry['subject'];
  /** e.g. `{ changes: { price: { before: 12.5, after: 14 } } }` for an edit. */
  details?: ActivityEntry['details'];
  /** The address the request came from (request.ip). */
  ip: string | null;
}

/** The who and the address of a record, from the actor a route hands to its service. */
export const recordedBy = ({ viewer, ip }: Actor): Pick<ActivityRecord, 'actor' | 'ip'> => ({
  actor: { id: viewer.id, email: viewer.email, name: viewer.name },
  ip,
});

/**
 * Records an admin action. Call it with the transaction that makes the change, so the entry exists exactly
 * when the change does.
 */
export async function recordActivity(tx: Writer, record: ActivityRecord): Promise<void> {
  await tx.insert(activityLog).values({
    kind: record.kind,
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    actorName: record.actor.name,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    subjectLabel: record.subject.label,
    details: record.details ?? {},
    ip: record.ip,
  });
}

/** The before → after of every field that changed between two versions of a thing. */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { before: ActivityEntry['details'][string]; after: ActivityEntry['details'][string] }> {
  const changes: ReturnType<typeof fieldChanges> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value !== undefined && value !== before[field]) {
      changes[field] = { before: before[field] as never, after: value as never };
    }
  }
  return changes;
}

type Row = typeof activityLog.$inferSelect;

const toEntry = (row: Row): ActivityEntry => ({
  _id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  kind: row.kind as ActivityKind,
  actor: { id: row.actorId, email: row.actorEmail, name: row.actorName },
  subject: {
    type: row.subjectType as ActivityEntry['subject']['type'],
    id: row.subjectId,
    label: row.subjectLabel,
  },
  details: row.details as ActivityEntry['details'],
  ip: row.ip,
});

/** Newest first, filtered by kind and by person (account id). */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ActivityPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? ACTIVITY_PAGE_LIMIT;
  const where = and(
    query.kind ? eq(activityLog.kind, query.kind) : undefined,
    query.actor ? eq(activityLog.actorId, query.actor) : undefined,
  );
  const [rows, [counted], actors] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(where),
    // Each person under the name and e-mail of their latest entry.
    db
      .selectDistinctOn([activityLog.actorId], {
        id: activityLog.actorId,
        email: activityLog.actorEmail,
        name: activityLog.actorName,
      })
      .from(activityLog)
      .orderBy(activityLog.actorId, desc(activityLog.id)),
  ]);
  return {
    items: rows.map(toEntry),
    total: counted?.total ?? 0,
    page,
    limit,
    actors: actors.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
