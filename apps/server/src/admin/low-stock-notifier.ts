import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { CATALOGUE_TOPIC } from '../tools/stock';
import { claimLowStockCrossings } from './low-stock';
import { lowStockMail } from './notification-mails';

export interface LowStockNotifierDependencies {
  db: Database;
  changes: ChangeFeed;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /**
   * The least time between the starts of two claims (default 1 s). Under a stream of orders every one
   * announces the catalogue; a claim per announcement would double the database work of ordering, while
   * a mail a second late tells the owner just as well.
   */
  minIntervalMs?: number;
}

export interface LowStockNotifier {
  /**
   * Claims and mails now, or right after the claim in flight; resolves once a claim that began after this
   * call has finished. Every catalogue change calls it.
   */
  check(): Promise<void>;
  /** Stops listening and waits for the claim in flight, so the database may close after it. */
  close(): Promise<void>;
}

/**
 * Mails every admin once when a tool falls below its low-stock threshold. Every stock change announces the
 * catalogue on the change feed, which reaches every server process after its transaction commits; each
 * process then claims the crossings (admin/low-stock.ts: the conditional UPDATE lets one process only claim
 * each) and mails what it claimed. Orders and restocks neither wait for this nor fail with it.
 *
 * Bursts are coalesced: one claim at a time, at most one more queued behind it (a claim covers the whole
 * catalogue), and claims start at least `minIntervalMs` apart. A claim also runs at start, for a change no process was there to see. A mail that
 * fails is logged, not retried: the crossing stays claimed.
 */
export function startLowStockNotifier({
  db,
  changes,
  mailer,
  log,
  publicUrl,
  minIntervalMs = 1000,
}: LowStockNotifierDependencies): LowStockNotifier {
  let lastStart = 0;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let closed = false;

  async function claimAndMail(): Promise<void> {
    const crossings = await claimLowStockCrossings(db);
    if (crossings.length === 0) return;
    const admins = await db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
    for (const tool of crossings) {
      for (const { email } of admins) {
        mailer
          .send(lowStockMail(email, tool, publicUrl))
          .catch((err: unknown) => log.error({ err, toolId: tool.toolId }, 'low-stock mail failed'));
      }
    }
  }

  function start(): Promise<void> {
    const run = delay(Math.max(0, lastStart + minIntervalMs - Date.now()))
      .then(() => {
        lastStart = Date.now();
        return claimAndMail();
      })
      .catch((err: unknown) => log.error({ err }, 'low-stock check failed'))
      .finally(() => {
        if (running === run) running = undefined;
      });
    running = run;
    return run;
  }

  function check(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!running) return start();
    queued ??= running.then(() => {
      queued = undefined;
      if (closed) return;
      // A check between the two may have started one already: it began after every caller of this one.
      return running ?? start();
    });
    return queued;
  }

  const unsubscribe = changes.subscribe((topic) => {
    // '*': the feed was down and may have missed announcements.
    if (topic === CATALOGUE_TOPIC || topic === '*') void check();
  });
  void check();

  return {
    check,
    async close() {
      closed = true;
      unsubscribe();
      await (queued ?? running);
    },
  };
}
