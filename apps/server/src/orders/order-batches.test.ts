import { describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';
import type { Viewer } from '../viewer';

const t = useTestApp({ seed: false });

describe('orders placed together in one batch', () => {
  it('answers each order with its own outcome, whichever were refused around it', async () => {
    const buyers: Viewer[] = ['ada', 'ben', 'cy', 'dee', 'eve'].map((name) => ({
      id: `batch-${name}`,
      email: `${name}@batch.test`,
      name,
      role: 'customer',
      image: null,
      sessionToken: '',
    }));
    await t.db
      .insert(user)
      .values(buyers.map(({ id, email, name }) => ({ id, email, name, emailVerified: true })));
    const tool = await createTool(t.db, { minimumOrder: 1, onHand: 10 });
    const quantities = [5, 9, 1, 9, 4];

    // Placed in one tick: the first goes alone, the other four wait for it and go together, in this order.
    const outcomes = await Promise.allSettled(
      buyers.map((viewer, i) =>
        t.app.services.orders.place(viewer, {
          toolId: tool.id,
          quantity: quantities[i]!,
          address: 'Batch street',
          phone: '',
        }),
      ),
    );

    expect(
      outcomes.map((outcome) =>
        outcome.status === 'fulfilled'
          ? { email: outcome.value.email, quantity: outcome.value.quantity }
          : (outcome.reason as { statusCode: number }).statusCode,
      ),
    ).toEqual([
      { email: 'ada@batch.test', quantity: 5 },
      409,
      { email: 'cy@batch.test', quantity: 1 },
      409,
      { email: 'eve@batch.test', quantity: 4 },
    ]);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 10 });
  });
});
