import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { claimLowStockCrossings } from './low-stock';

// PGlite runs one transaction at a time, so a race cannot fail there: PostgreSQL only (file name).
const t = useTestApp({ seed: false });

describe('processes claiming at the same time', () => {
  it('claim a crossing once between them', async () => {
    await createTool(t.db, { name: 'Raced', onHand: 0 });
    const results = await Promise.all(Array.from({ length: 6 }, () => claimLowStockCrossings(t.db)));
    expect(results.flat().map((tool) => tool.name)).toEqual(['Raced']);
  });
});
