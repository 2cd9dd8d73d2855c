import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { claimLowStockCrossings } from './low-stock';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).
const t = useTestApp({ seed: false });

const claim = (...ids: string[]) =>
  t.db.transaction(async (tx) => (await claimLowStockCrossings(tx, ids)).map((tool) => tool.name));

describe('two transactions lowering the same tool', () => {
  it('announce it once', async () => {
    const tool = await createTool(t.db, { name: 'Raced', onHand: 0 });
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(tool.id)));
    expect(results.flat()).toEqual(['Raced']);
  });
});
