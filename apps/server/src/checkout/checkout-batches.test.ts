import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlaceCheckoutInput } from '@toolshop/shared/cart';
import { orders } from '../db/schema';
import type { IdempotencyClaim } from '../plugins/app/idempotency';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { callPlaceCheckouts } from '../test/place-checkout';
import { insertBuyers } from '../test/place-orders';
import type { Viewer } from '../viewer';

// Checkouts in batches (decision 060): what each buyer gets when several check out at once.
const t = useTestApp({ seed: false });

const ordersOf = async (userId: string) =>
  t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

/** A checkout of `tool`'s `quantity` units, shipped to `address`. */
const linesOf = (tool: { id: string; priceCents: number }, quantity: number, address: string) =>
  ({
    address,
    lines: [{ toolId: tool.id, quantity, seenPriceCents: tool.priceCents }],
  }) as PlaceCheckoutInput;

const place = (viewer: Viewer, input: PlaceCheckoutInput, claim?: IdempotencyClaim) =>
  t.app.services.checkout.place(viewer, input, claim);

describe('checkouts placed together', () => {
  it('places every good checkout of a batch in which one fails, and answers that one on its own', async () => {
    const buyers = await insertBuyers(t.db, 'batch-poison', 6);
    const tool = await createTool(t.db, { onHand: 100 });
    const scarce = await createTool(t.db, { onHand: 1 });
    const wanted = [
      linesOf(tool, 2, 'Good 0'),
      linesOf(tool, 2, 'Good 1'),
      linesOf(tool, 2, 'x\udc00'),
      linesOf(scarce, 5, 'Too many'),
      linesOf(tool, 2, 'Good 4'),
      linesOf(tool, 2, 'Good 5'),
    ];

    // Placed in one tick: the first goes alone, the other five wait for it and go together, in this order.
    const outcomes = await Promise.allSettled(buyers.map((viewer, i) => place(viewer, wanted[i]!)));

    expect(
      outcomes.map((outcome) =>
        outcome.status === 'fulfilled'
          ? [outcome.value.statusCode, outcome.value.body.address]
          : [outcome.reason.statusCode, outcome.reason.code],
      ),
    ).toEqual([
      [201, 'Good 0'],
      [201, 'Good 1'],
      [400, 'invalid_input'],
      [409, 'insufficient_stock'],
      [201, 'Good 4'],
      [201, 'Good 5'],
    ]);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 8 });
    expect(await stockLevelsOf(t.db, scarce.id)).toEqual({ onHand: 1, reserved: 0 });
    expect(await ordersOf(buyers[2]!.id)).toEqual([]);
  });

  it('places one order for a key sent again while its first is in the same batch, and answers both alike', async () => {
    const [other, buyer, third] = await insertBuyers(t.db, 'batch-key', 3);
    const tool = await createTool(t.db, { onHand: 100 });
    const input = linesOf(tool, 3, '9 Retry Lane');
    const claim = { key: 'double-click', requestHash: 'the same request' };

    // The first goes alone; the buyer's two sends of one key would be in the next batch together.
    const [, first, again, last] = await Promise.all([
      place(other!, linesOf(tool, 1, 'Alone')),
      place(buyer!, input, claim),
      place(buyer!, input, claim),
      place(third!, linesOf(tool, 1, 'Third'), { key: 'double-click', requestHash: 'another account' }),
    ]);

    expect([first.statusCode, first.replayed, again.statusCode, again.replayed]).toEqual([
      201,
      false,
      201,
      true,
    ]);
    expect(again.body).toEqual(first.body);
    expect(last.statusCode).toBe(201);
    expect(await ordersOf(buyer!.id)).toEqual([{ id: first.body._id }]);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 5 });
    // The same key for another request is refused, and places nothing.
    const another = { key: claim.key, requestHash: 'another request' };
    await expect(place(buyer!, linesOf(tool, 4, '9 Retry Lane'), another)).rejects.toMatchObject({
      statusCode: 422,
      code: 'idempotency_key_reused',
    });
    expect(await ordersOf(buyer!.id)).toHaveLength(1);
  });

  it('claims a key once in one call of place_checkouts, answers its order again, and lets the key of a refused checkout go', async () => {
    const [buyer] = await insertBuyers(t.db, 'batch-sql-key', 1);
    const tool = await createTool(t.db, { onHand: 10 });
    const line = { toolId: tool.id, quantity: 2, priceCents: tool.priceCents };

    const answers = await callPlaceCheckouts(t.db, [
      { userId: buyer!.id, lines: [{ ...line, quantity: 50 }], key: 'refused' },
      { userId: buyer!.id, lines: [line], key: 'twice' },
      { userId: buyer!.id, lines: [line], key: 'twice' },
    ]);
    // The refused checkout's key is free again for the next call.
    const [retried] = await callPlaceCheckouts(t.db, [{ userId: buyer!.id, lines: [line], key: 'refused' }]);

    expect(answers.map((answer) => answer.refusal)).toEqual(['insufficient_stock', null, 'replayed']);
    expect(answers[2]).toMatchObject({ replayed_status: 201, replayed_order: answers[1]!.wanted_id });
    expect(answers[0]!.refused_name).toBe(tool.name);
    expect(retried!.refusal).toBeNull();
    expect(await ordersOf(buyer!.id)).toHaveLength(2);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 4 });
  });
});
