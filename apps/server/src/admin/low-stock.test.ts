import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tools } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { claimLowStockCrossings } from './low-stock';

// The rule itself, on the database; low-stock-notifier.test.ts has the mails an admin receives. Each test
// leaves its tools claimed or above their threshold, since a claim covers the whole catalogue.
const t = useTestApp({ seed: false });

const setOnHand = (id: string, onHand: number) => t.db.update(tools).set({ onHand }).where(eq(tools.id, id));
const claim = async () => (await claimLowStockCrossings(t.db)).map((tool) => tool.name);

describe('the low-stock mail rule: once per crossing', () => {
  it('claims a tool once when it falls below its threshold, again only after it came back', async () => {
    // Threshold: twice the minimum order, 10.
    const tool = await createTool(t.db, { name: 'Crimper', onHand: 12, minimumOrder: 5 });

    expect(await claim()).toEqual([]);
    await setOnHand(tool.id, 9);
    expect(await claimLowStockCrossings(t.db)).toEqual([
      { toolId: tool.id, name: 'Crimper', availableQuantity: 9, threshold: 10 },
    ]);
    // Further falls while still low: no second claim.
    expect(await claim()).toEqual([]);
    await setOnHand(tool.id, 3);
    expect(await claim()).toEqual([]);
    // Back to exactly the threshold (no longer below it) and down again, with no claim in between: the
    // database re-armed it at the restock, so the new fall is claimed.
    await setOnHand(tool.id, 10);
    await setOnHand(tool.id, 9);
    expect(await claim()).toEqual(['Crimper']);
  });

  it('re-arms when the threshold itself moves below what is available, and not while still below it', async () => {
    const tool = await createTool(t.db, { name: 'Flux pen', onHand: 5, minimumOrder: 5 });
    expect(await claim()).toEqual(['Flux pen']);
    await t.db.update(tools).set({ lowStockThreshold: 6 }).where(eq(tools.id, tool.id));
    await t.db.update(tools).set({ lowStockThreshold: 10 }).where(eq(tools.id, tool.id));
    expect(await claim()).toEqual([]);
    await t.db.update(tools).set({ lowStockThreshold: 5 }).where(eq(tools.id, tool.id));
    await t.db.update(tools).set({ lowStockThreshold: 6 }).where(eq(tools.id, tool.id));
    expect(await claim()).toEqual(['Flux pen']);
  });

  it('is re-armed by a restock; units that customers give back count again only a day after the mail', async () => {
    const tool = await createTool(t.db, { name: 'Solder wick', onHand: 12, minimumOrder: 5 });
    const setReserved = (reserved: number) =>
      t.db.update(tools).set({ reserved }).where(eq(tools.id, tool.id));
    // Both marks a day earlier, as if a day had passed (the trigger does not watch these columns).
    const aDayPasses = () =>
      t.db.execute(sql`update tools set low_stock_notified_at = low_stock_notified_at - interval '1 day',
        low_stock_recovered_at = low_stock_recovered_at - interval '1 day' where id = ${tool.id}`);

    await setReserved(3); // 9 available: below 10
    expect(await claim()).toEqual(['Solder wick']);
    // A cancel gives the units back and a new order takes them again: not a new crossing today.
    await setReserved(0);
    await setReserved(3);
    expect(await claim()).toEqual([]);
    await aDayPasses();
    expect(await claim()).toEqual(['Solder wick']);
    // Low all along since that mail: a day later, still nothing.
    await aDayPasses();
    expect(await claim()).toEqual([]);
    // A restock above the threshold re-arms it at once.
    await setOnHand(tool.id, 20);
    await setReserved(12);
    expect(await claim()).toEqual(['Solder wick']);
  });

  it('counts reserved units as gone and follows a tool’s own threshold', async () => {
    const tool = await createTool(t.db, { name: 'Heat gun', onHand: 30, minimumOrder: 1 });
    await t.db.execute(sql`update tools set low_stock_threshold = 25 where id = ${tool.id}`);
    expect(await claim()).toEqual([]);
    await t.db.update(tools).set({ reserved: 6 }).where(eq(tools.id, tool.id));
    expect(await claim()).toEqual(['Heat gun']);
  });

  it('never claims a deleted tool', async () => {
    await createTool(t.db, { name: 'Old', onHand: 0, deletedAt: new Date() });
    await createTool(t.db, { name: 'Other', onHand: 0 });
    expect(await claim()).toEqual(['Other']);
  });

  it('is undone with the transaction that claimed it', async () => {
    await createTool(t.db, { name: 'Rolled back', onHand: 0 });
    await expect(
      t.db.transaction(async (tx) => {
        expect(await claimLowStockCrossings(tx)).toHaveLength(1);
        throw new Error('the mail could not be queued');
      }),
    ).rejects.toThrow('the mail could not be queued');
    expect(await claim()).toEqual(['Rolled back']);
  });
});
