import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeCheckoutsArguments } from '../checkout/place-checkouts-arguments';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { databaseBeforeMigration } from '../test/migrations';
import { callPlaceCheckouts } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import type { DatabaseHandle } from './client';
import { migrate } from './migrate';
import { orderBoundArguments } from './order-bounds';

/** The migration that has a checkout's key keep the order it placed (decision 069). */
const ORDER_IN_KEY_MIGRATION = 37;

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await databaseBeforeMigration(ORDER_IN_KEY_MIGRATION);
}, 60_000);

afterAll(() => handle?.close());

describe('migration 0037: the keys of checkouts placed before it', () => {
  it('answers a retry of a checkout placed the old way with its order, placing nothing again', async () => {
    const [buyer] = await insertBuyers(handle.db, 'old-key', 1);
    const tool = await createTool(handle.db, { onHand: 10 });
    const lines = [{ toolId: tool.id, quantity: 2, seenPriceCents: tool.priceCents }];
    const orderId = randomUUID();
    // The old way: `place_checkouts` claims the key, then the shop stores the order it answered.
    const placed = await handle.db.execute(sql`
      select "refusal" from place_checkouts(
        ${placeCheckoutsArguments([
          {
            id: orderId,
            userId: buyer!.id,
            lines,
            details: { email: buyer!.email, name: buyer!.name, address: '1 Old Road', phone: null },
            key: 'before-0037',
            requestHash: 'test-request',
          },
        ])},
        ${orderBoundArguments(60)},
        deadline => null, channel => 'test', announcement => 'test'
      )`);
    expect((placed as unknown as { rows: { refusal: string | null }[] }).rows).toEqual([{ refusal: null }]);
    await handle.db.execute(sql`
      update "idempotency_keys" set "status_code" = 201, "response" = ${JSON.stringify({ _id: orderId })}::jsonb
      where "key" = 'before-0037'`);

    await migrate(handle.db, handle.engine);
    const [retried] = await callPlaceCheckouts(handle.db, [
      { userId: buyer!.id, lines: [{ ...lines[0]!, priceCents: tool.priceCents }], key: 'before-0037' },
    ]);

    expect(retried).toMatchObject({ refusal: 'replayed', replayed_status: 201, replayed_order: orderId });
    expect(await stockLevelsOf(handle.db, tool.id)).toEqual({ onHand: 10, reserved: 2 });
  });
});
