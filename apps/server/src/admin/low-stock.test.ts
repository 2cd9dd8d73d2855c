import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tools } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { claimLowStockCrossings } from './low-stock';

const t = useTestApp({ seed: false });

const setOnHand = (id: string, onHand: number) => t.db.update(tools).set({ onHand }).where(eq(tools.id, id));
const claim = (...ids: string[]) =>
  t.db.transaction(async (tx) => (await claimLowStockCrossings(tx, ids)).map((tool) => tool.name));

describe('the low-stock mail rule: once per crossing', () => {
  it('announces a tool once when it falls below its threshold, again only after rising back', async () => {
    // Threshold: twice the minimum order, 10.
    const tool = await createTool(t.db, { name: 'Crimper', onHand: 12, minimumOrder: 5 });

    expect(await claim(tool.id)).toEqual([]);
    await setOnHand(tool.id, 9);
    const [crossing] = await t.db.transaction((tx) => claimLowStockCrossings(tx, [tool.id]));
    expect(crossing).toEqual({ toolId: tool.id, name: 'Crimper', availableQuantity: 9, threshold: 10 });
    // Further orders while still low: no second mail.
    expect(await claim(tool.id)).toEqual([]);
    await setOnHand(tool.id, 3);
    expect(await claim(tool.id)).toEqual([]);
    // Restocked to exactly the threshold (no longer below it): re-armed, and the next fall is announced.
    await setOnHand(tool.id, 10);
    expect(await claim(tool.id)).toEqual([]);
    await setOnHand(tool.id, 9);
    expect(await claim(tool.id)).toEqual(['Crimper']);
  });

  it('counts reserved units as gone and follows a tool’s own threshold', async () => {
    const tool = await createTool(t.db, { name: 'Heat gun', onHand: 30, minimumOrder: 1 });
    await t.db.execute(sql`update tools set low_stock_threshold = 25 where id = ${tool.id}`);
    expect(await claim(tool.id)).toEqual([]);
    await t.db.update(tools).set({ reserved: 6 }).where(eq(tools.id, tool.id));
    expect(await claim(tool.id)).toEqual(['Heat gun']);
  });

  it('never announces a deleted tool, nor tools it was not asked about', async () => {
    const deleted = await createTool(t.db, { name: 'Old', onHand: 0, deletedAt: new Date() });
    const other = await createTool(t.db, { name: 'Other', onHand: 0 });
    expect(await claim(deleted.id)).toEqual([]);
    expect(await claim()).toEqual([]);
    expect(await claim(other.id)).toEqual(['Other']);
  });

  it('is undone with the transaction that claimed it', async () => {
    const tool = await createTool(t.db, { name: 'Rolled back', onHand: 0 });
    await expect(
      t.db.transaction(async (tx) => {
        expect(await claimLowStockCrossings(tx, [tool.id])).toHaveLength(1);
        throw new Error('the stock change failed');
      }),
    ).rejects.toThrow('the stock change failed');
    expect(await claim(tool.id)).toEqual(['Rolled back']);
  });
});
