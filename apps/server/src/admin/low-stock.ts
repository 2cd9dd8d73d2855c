import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A tool is low on stock when what customers may still order is below its threshold: its own
 * (`low_stock_threshold`, set in the product edit dialog) or, by default, twice its minimum order.
 * Raw SQL over `tools`, through the database functions its re-arming trigger uses too (migration 0015).
 */
export const availableSql = sql.raw('tool_available(on_hand, reserved)');
export const lowStockThresholdSql = sql.raw('tool_low_stock_threshold(low_stock_threshold, minimum_order)');
export const isLowSql = sql`${availableSql} < ${lowStockThresholdSql}`;

export interface LowStockCrossing {
  toolId: string;
  name: string;
  availableQuantity: number;
  threshold: number;
}

/**
 * A tool lifted back above its threshold by customers (a cancel, an expiry) is announced again when it
 * falls, but not sooner than this after its last mail: ordering and cancelling in a loop must not flood
 * the admins (decision 037).
 */
const LOW_STOCK_REMINDER_INTERVAL = sql.raw(`interval '1 day'`);

/**
 * The "once per crossing" rule of the low-stock mail. `low_stock_notified_at` marks a tool whose current
 * fall below its threshold has been announced. This claims every tool in the catalogue that is low and
 * unmarked (marker set) and returns it, to be announced once: one conditional UPDATE, so of two server
 * processes claiming at once only one gets a tool back. The database re-arms a tool by itself: a trigger
 * (0013_mail_outbox.sql) clears the marker when an admin restocks it above its threshold (or changes its
 * threshold or minimum order), so a restock between two claims is never missed, however soon the next fall
 * follows it. A customer's change that lifts it above the threshold only records when it came back
 * (`low_stock_recovered_at`, cleared by each claim, so no two clock readings are compared: PGlite's clock
 * can give a claim and the change after it the same instant): such a tool is claimed again once its last mail
 * is a day old.
 */
export async function claimLowStockCrossings(db: Pick<Database, 'execute'>): Promise<LowStockCrossing[]> {
  // The claimed tools are locked first, in id order: checkouts lock their tools in that order
  // (`place_checkout`), and an UPDATE locking them in the order of its scan deadlocked with them (decision
  // 054). The conditions are checked again on each tool's latest row once it is locked.
  const claimed = (await db.execute(sql`
    with low as materialized (
      select id from tools
      where deleted_at is null and ${isLowSql}
        and (low_stock_notified_at is null
          or (low_stock_recovered_at is not null
            and low_stock_notified_at < now() - ${LOW_STOCK_REMINDER_INTERVAL}))
      order by id
      for update
    )
    update tools set low_stock_notified_at = now(), low_stock_recovered_at = null
    from low where tools.id = low.id
    returning tools.id, name, ${availableSql} as available, ${lowStockThresholdSql} as threshold`)) as unknown as {
    rows: { id: string; name: string; available: number; threshold: number }[];
  };
  return claimed.rows.map((row) => ({
    toolId: row.id,
    name: row.name,
    availableQuantity: row.available,
    threshold: row.threshold,
  }));
}
