import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
import { MAIL_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { coalescedRuns } from '../lib/coalesced-runs';
import type { Mailer, OutgoingMail } from './mailer';

export interface MailOutbox {
  /** Queues a mail in `tx`: it exists, and will be sent, exactly when `tx` commits. */
  enqueue(tx: Database, mail: OutgoingMail): Promise<void>;
  /**
   * Sends every due mail now, or right after the pass in flight; resolves once a pass that began after
   * this call has finished: every mail committed before the call has then had an attempt, here or in the
   * process that had claimed it. Tests read their mails after it.
   */
  deliverDue(): Promise<void>;
  /** Stops the worker and waits for the pass in flight, so the database may close after it. */
  close(): Promise<void>;
}

export interface MailOutboxDependencies {
  db: Database;
  changes: ChangeFeed;
  /** SMTP, the DATA_DIR/outbox files, or the tests' recording mailer. */
  transport: Mailer;
  log: FastifyBaseLogger;
  /** The wait after a first failed attempt (default 10 s), doubled after each further one up to an hour. */
  retryBaseMs?: number;
}

const RETRY_MAX_MS = 60 * 60_000;
/** A claimed mail is not claimed again for this long: longer than the SMTP transport's own timeouts. */
const LEASE_MS = 5 * 60_000;
/** A pass also runs this often without being woken: a process that died leaves leased mails behind. */
const POLL_MS = 60_000;
/** Due mails skipped because another process was claiming them: look again soon after. */
const RECHECK_MS = 100;
const CLAIM_BATCH = 20;

interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * The durable outbox (decision 037). Every process runs a worker: woken by the change feed when a mail is
 * committed (MAIL_TOPIC), by a timer when the earliest retry falls due, and every POLL_MS. A pass claims
 * due mails with `FOR UPDATE SKIP LOCKED`, and leases them by moving `next_attempt_at` past the send, in
 * one statement that commits before any is sent: of two processes, one only claims each mail. A sent mail
 * is deleted; a failed one is due again after an exponential backoff; one the server refused for good
 * (a 5xx answer) is kept, marked failed, and logged.
 */
export function startMailOutbox({
  db,
  changes,
  transport,
  log,
  retryBaseMs = 10_000,
}: MailOutboxDependencies): MailOutbox {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function claim(): Promise<ClaimedMail[]> {
    const claimed = (await db.execute(sql`
      update mail_outbox
      set attempts = attempts + 1, next_attempt_at = now() + ${LEASE_MS} * interval '1 millisecond'
      where id in (
        select id from mail_outbox
        where failed_at is null and next_attempt_at <= now()
        order by next_attempt_at
        limit ${CLAIM_BATCH}
        for update skip locked)
      returning id, recipient, subject, text_body, html_body, attempts`)) as unknown as {
      rows: ClaimedMail[];
    };
    return claimed.rows;
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const outgoing = {
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
    };
    try {
      await transport.send(outgoing, mail.id);
    } catch (err) {
      const permanent = isPermanentRefusal(err);
      // The address and subject only: the text may carry a sign-in link.
      log.error(
        { err, mailId: mail.id, to: mail.recipient, subject: mail.subject, attempts: mail.attempts },
        permanent ? 'mail refused by the mail server: not retried' : 'mail failed: will retry',
      );
      const waitMs = Math.min(retryBaseMs * 2 ** (mail.attempts - 1), RETRY_MAX_MS);
      await db
        .update(mailOutbox)
        .set({
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
          nextAttemptAt: sql`now() + ${waitMs} * interval '1 millisecond'`,
          failedAt: permanent ? sql`now()` : null,
        })
        .where(eq(mailOutbox.id, mail.id));
      return;
    }
    // Should this fail (the database gone), the lease runs out and the mail is sent again: at least once.
    await db.delete(mailOutbox).where(eq(mailOutbox.id, mail.id));
  }

  /** Until the next mail falls due (a retry, or a lease another process may have left behind). */
  async function nextWakeMs(): Promise<number> {
    const next = (await db.execute(sql`
      select extract(epoch from min(next_attempt_at) - now()) * 1000 as wait
      from mail_outbox where failed_at is null`)) as unknown as { rows: { wait: number | string | null }[] };
    const wait = next.rows[0]?.wait;
    return wait === null || wait === undefined ? POLL_MS : Math.max(RECHECK_MS, Number(wait));
  }

  async function pass(): Promise<void> {
    clearTimeout(timer);
    try {
      // A closing process sends what it has claimed, and claims no more.
      for (let batch = await claim(); batch.length > 0; batch = closed ? [] : await claim()) {
        await Promise.all(batch.map(deliver));
      }
    } finally {
      if (!closed) {
        const wait = await nextWakeMs().catch(() => POLL_MS);
        timer = setTimeout(() => void passes.request(), Math.min(wait, POLL_MS));
        timer.unref();
      }
    }
  }

  const passes = coalescedRuns(pass, { onError: (err) => log.error({ err }, 'mail outbox pass failed') });
  const unsubscribe = changes.subscribe((topic) => {
    // '*': the feed was down and may have missed announcements.
    if (topic === MAIL_TOPIC || topic === '*') void passes.request();
  });
  // Mails a previous process left behind.
  void passes.request();

  return {
    async enqueue(tx, mail) {
      await tx.insert(mailOutbox).values({
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      });
      await changes.announce(tx, MAIL_TOPIC);
    },
    deliverDue: passes.request,
    async close() {
      closed = true;
      unsubscribe();
      await passes.close();
      clearTimeout(timer);
    },
  };
}

/** An SMTP 5xx answer: the server will not take this mail however often it is sent. */
function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
}
