import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A tool is low on stock when what customers may still order is below its threshold: its own
 * (`low_stock_threshold`, set in the product edit dialog) or, by default, twice its minimum order.
 * Raw SQL over `tools`: the threshold columns come with 0008_back_office.sql.
 */
export const availableSql = sql.raw('(on_hand - reserved)');
export const lowStockThresholdSql = sql.raw('coalesce(low_stock_threshold, 2 * minimum_order)');
export const isLowSql = sql`${availableSql} < ${lowStockThresholdSql}`;

export interface LowStockCrossing {
  toolId: string;
  name: string;
  availableQuantity: number;
  threshold: number;
}

/**
 * The "once per crossing" rule of the low-stock mail. `low_stock_notified_at` marks a tool whose crossing
 * has been announced: a tool back at or above its threshold is re-armed (marker cleared), and a tool below
 * it without a marker is claimed (marker set) and returned, to be announced once. Each claim is one
 * conditional UPDATE, so of two transactions lowering the same tool only one gets it back.
 *
 * Call it in the transaction that changed the stock (orders placed, cancelled or expired; restock; edit),
 * with the tools it touched, and send the mails after that transaction commits.
 */
export async function claimLowStockCrossings(
  tx: Pick<Database, 'execute'>,
  toolIds: readonly string[],
): Promise<LowStockCrossing[]> {
  if (toolIds.length === 0) return [];
  const touched: SQL = sql`id in (${sql.join(
    toolIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  await tx.execute(sql`
    update tools set low_stock_notified_at = null
    where ${touched} and low_stock_notified_at is not null and not (${isLowSql})`);
  const claimed = (await tx.execute(sql`
    update tools set low_stock_notified_at = now()
    where ${touched} and low_stock_notified_at is null and deleted_at is null and ${isLowSql}
    returning id, name, ${availableSql} as available, ${lowStockThresholdSql} as threshold`)) as unknown as {
    rows: { id: string; name: string; available: number; threshold: number }[];
  };
  return claimed.rows.map((row) => ({
    toolId: row.id,
    name: row.name,
    availableQuantity: row.available,
    threshold: row.threshold,
  }));
}
