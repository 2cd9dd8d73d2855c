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
