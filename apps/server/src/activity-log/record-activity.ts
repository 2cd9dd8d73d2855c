import type { ActivityEntry, ActivityKind } from '@toolshop/shared/admin';
import type { Database } from '../db/client';
import { activityLog } from '../db/schema';
import type { Actor } from '../viewer';

/*
 * The activity log's writer (decision 021): tools, users, orders and auth record what admins do. It sits
 * below the features so that none of them reaches into admin/, which only reads the log (admin/activity.ts).
 */

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
