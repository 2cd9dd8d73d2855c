import { and, count, eq, gt, isNull, lt, ne, or, sql, sum } from 'drizzle-orm';
import { UPLOAD_DAILY_MAX_BYTES, UPLOAD_DAILY_MAX_COUNT, uploadMessages } from '@toolshop/shared/upload';
import type { Database } from '../db/client';
import { uploadAttempts } from '../db/schema';
import { AppError } from '../plugins/app/errors';

/**
 * An upload still unfinished after this long was abandoned (its process stopped mid-way): it no longer
 * keeps its account from uploading. Longer than any upload takes: the line, the decode's timeout and the
 * writes together.
 */
const ABANDONED_AFTER = sql`interval '5 minutes'`;
const ONE_DAY_AGO = sql`now() - interval '1 day'`;

export type AttemptOutcome = 'stored' | 'refused' | 'busy';

/** A database or one of its transactions: an upload is marked stored in the transaction that stores it. */
type Writer = Pick<Database, 'update'>;

/**
 * Records that `accountId` starts an upload and answers the attempt's id, or refuses with 429: when the
 * account has used its day (every attempt counts but those the shop itself turned away as busy), or when
 * another of its uploads is still running, on any instance: the partial unique index of migration 0012
 * lets only one unfinished attempt per account exist, so the check and the record are one statement.
 */
export async function startAttempt(db: Database, accountId: string): Promise<string> {
  const ofAccount = eq(uploadAttempts.accountId, accountId);
  await db
    .update(uploadAttempts)
    .set({ finishedAt: sql`now()`, outcome: 'refused' })
    .where(
      and(
        ofAccount,
        isNull(uploadAttempts.finishedAt),
        lt(uploadAttempts.startedAt, sql`now() - ${ABANDONED_AFTER}`),
      ),
    );
  const [today] = await db
    .select({ count: count(), bytes: sum(uploadAttempts.storedBytes).mapWith(Number) })
    .from(uploadAttempts)
    .where(
      and(
        ofAccount,
        gt(uploadAttempts.startedAt, ONE_DAY_AGO),
        or(isNull(uploadAttempts.outcome), ne(uploadAttempts.outcome, 'busy')),
      ),
    );
  if (today!.count >= UPLOAD_DAILY_MAX_COUNT || (today!.bytes ?? 0) >= UPLOAD_DAILY_MAX_BYTES) {
    throw new AppError(429, 'too_many_requests', uploadMessages.dailyLimit);
  }
  const [attempt] = await db
    .insert(uploadAttempts)
    .values({ accountId })
    .onConflictDoNothing()
    .returning({ id: uploadAttempts.id });
  if (!attempt) throw new AppError(429, 'too_many_requests', uploadMessages.oneAtATime);
  return attempt.id;
}

export async function finishAttempt(db: Writer, id: string, outcome: AttemptOutcome, storedBytes = 0) {
  await db
    .update(uploadAttempts)
    .set({ finishedAt: sql`now()`, outcome, storedBytes })
    .where(eq(uploadAttempts.id, id));
}

/** Forgets attempts older than the day the limit looks back on. */
export async function pruneAttempts(db: Database): Promise<void> {
  await db.delete(uploadAttempts).where(lt(uploadAttempts.startedAt, ONE_DAY_AGO));
}
