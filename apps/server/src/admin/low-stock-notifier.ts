import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { coalescedRuns } from '../lib/coalesced-runs';
import { lowStockMail } from '../mail/notification-mails';
import type { MailOutbox } from '../mail/outbox';
import { claimLowStockCrossings } from './low-stock';

export interface LowStockNotifierDependencies {
  db: Database;
  changes: ChangeFeed;
  outbox: MailOutbox;
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
 * each) and queues the mails in the outbox in the same transaction (decision 037). Orders and restocks
 * neither wait for this nor fail with it.
 *
 * Bursts are coalesced: one claim at a time, at most one more queued behind it (a claim covers the whole
 * catalogue), and claims start at least `minIntervalMs` apart. A claim also runs at start, for a change no
 * process was there to see.
 */
export function startLowStockNotifier({
  db,
  changes,
  outbox,
  log,
  publicUrl,
  minIntervalMs = 1000,
}: LowStockNotifierDependencies): LowStockNotifier {
  // The claim and its mails commit together: a crossing is claimed exactly when its mails are queued.
  const claimAndMail = () =>
    db.transaction(async (tx) => {
      const crossings = await claimLowStockCrossings(tx);
      if (crossings.length === 0) return;
      const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
      for (const tool of crossings) {
        for (const { email } of admins) await outbox.enqueue(tx, lowStockMail(email, tool, publicUrl));
      }
    });
  const claims = coalescedRuns(claimAndMail, {
    minIntervalMs,
    onError: (err) => log.error({ err }, 'low-stock check failed'),
  });

  const unsubscribe = changes.subscribe((topic) => {
    // '*': the feed was down and may have missed announcements.
    if (topic === CATALOGUE_TOPIC || topic === '*') void claims.request();
  });
  void claims.request();

  return {
    check: claims.request,
    async close() {
      unsubscribe();
      await claims.close();
    },
  };
}
