import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ORDERS_PER_MINUTE } from '@toolshop/shared/constants';
import { isDatabaseUnavailable } from '../db/errors';
import { orders } from '../db/schema';
import { signUp, injectAs, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { callPlaceOrders, directOrder, insertBuyers } from '../test/place-orders';

// Two instances on one PostgreSQL: the rate limit below must count both.
const t = useTestApp({ seed: false, secondInstance: true });

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: t.handle.url });
  await client.connect();
});
afterAll(() => client.end());

const ordersOf = async (userId: string) =>
  t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

describe('one customer’s order never fails another’s', () => {
  it('places every good order of a batch in which one carries a lone surrogate, and answers that one 400', async () => {
    const buyers = await insertBuyers(t.db, 'poison-batch', 5);
    const tool = await createTool(t.db, { onHand: 100 });
    const addresses = ['Good 0', 'Good 1', 'x\udc00', 'Good 3', 'Good 4'];

    // Placed in one tick: the first goes alone, the other four wait for it and go together, in this order.
    const outcomes = await Promise.allSettled(
      buyers.map((viewer, i) =>
        t.app.services.orders.place(viewer, { toolId: tool.id, quantity: 2, address: addresses[i]! }),
      ),
    );

    expect(
      outcomes.map((outcome) =>
        outcome.status === 'fulfilled'
          ? outcome.value.address
          : { status: outcome.reason.statusCode, code: outcome.reason.code },
      ),
    ).toEqual(['Good 0', 'Good 1', { status: 400, code: 'invalid_input' }, 'Good 3', 'Good 4']);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 8 });
    expect(await ordersOf(buyers[2]!.id)).toEqual([]);
  });

  it('answers each poisoned order of one database call on its own, and places the others', async () => {
    const [good, surrogate, nul, huge] = await insertBuyers(t.db, 'poison-call', 4);
    const tool = await createTool(t.db, { onHand: 100 });
    const batch = [
      directOrder(good!.id, tool.id, { address: 'Good street' }),
      directOrder(surrogate!.id, tool.id, { address: 'x\udc00' }),
      directOrder(nul!.id, tool.id, { address: 'x\u0000y' }),
      directOrder(huge!.id, tool.id, { quantity: 1e10 }),
      directOrder(good!.id, tool.id, { phone: '+1 555 0100' }),
    ];

    const answered = await callPlaceOrders(client, batch);

    expect(answered.map(({ refusal, detail }) => [refusal, detail?.slice(0, 2) ?? null])).toEqual([
      [null, null],
      ['failed', '22'],
      ['failed', '22'],
      ['failed', '22'],
      [null, null],
    ]);
    expect(answered.map((answer) => answer.order_id)).toEqual([batch[0]!.id, null, null, null, batch[4]!.id]);
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 100, reserved: 2 });
  });
});

describe('an order the shop gave up on is never placed', () => {
  it('refuses a call that reaches the database after its deadline', async () => {
    const [buyer] = await insertBuyers(t.db, 'late-call', 1);
    const tool = await createTool(t.db, { onHand: 10 });
    const past = new Date(Date.now() - 60_000);

    await expect(
      callPlaceOrders(client, [directOrder(buyer!.id, tool.id)], { deadline: past }),
    ).rejects.toMatchObject({
      code: '57014',
      message: expect.stringMatching(/arrived after their deadline/),
    });
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
    expect(await ordersOf(buyer!.id)).toEqual([]);
  });

  it('rolls back a call whose deadline passes while it waits for a lock', async () => {
    const [buyer] = await insertBuyers(t.db, 'held-call', 1);
    const tool = await createTool(t.db, { onHand: 10 });
    const holder = new pg.Client({ connectionString: t.handle.url });
    await holder.connect();
    try {
      const { rows } = await holder.query<{ deadline: Date }>(
        `select clock_timestamp() + interval '1 second' as deadline`,
      );
      const deadline = rows[0]!.deadline;
      await holder.query('begin');
      await holder.query('select 1 from tools where id = $1 for update', [tool.id]);
      // Caught at once: its refusal can arrive in the same turn as the holder's rollback, before any later
      // handler, and would count as unhandled.
      const refusal = callPlaceOrders(client, [directOrder(buyer!.id, tool.id)], { deadline }).then(
        () => null,
        (error: unknown) => error,
      );
      // Read outside the holder's transaction, which would see one snapshot of the statistics throughout.
      const waiting = async () =>
        (
          (await t.db.execute(
            sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%place_orders(%'
              and pid <> pg_backend_pid()`,
          )) as unknown as { rows: unknown[] }
        ).rows.length;
      await expect.poll(waiting, { timeout: 5_000 }).toBe(1);
      const pastDeadline = async () =>
        (await holder.query<{ past: boolean }>('select clock_timestamp() > $1 as past', [deadline])).rows[0]!
          .past;
      await expect.poll(pastDeadline, { timeout: 5_000 }).toBe(true);
      await holder.query('rollback');

      expect(await refusal).toMatchObject({
        code: '57014',
        message: expect.stringMatching(/answered after their deadline/),
      });
    } finally {
      await holder.end();
    }
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
    expect(await ordersOf(buyer!.id)).toEqual([]);
  });

  it('places nothing once the shop’s own clock says it has stopped waiting (503)', async () => {
    const [buyer] = await insertBuyers(t.db, 'skewed-shop', 1);
    const tool = await createTool(t.db, { onHand: 10 });
    // The shop's clock a minute behind the database's: every deadline it computes has already passed there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 60_000);
    try {
      const placing = t.app.services.orders.place(buyer!, {
        toolId: tool.id,
        quantity: 1,
        address: 'Late lane',
      });
      await expect(placing).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      vi.useRealTimers();
    }
    expect(await stockLevelsOf(t.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
    expect(await ordersOf(buyer!.id)).toEqual([]);
  });
});

describe('orders per account and minute', () => {
  let customer: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    [customer, other] = await Promise.all([signUp(t.app), signUp(t.app)]);
  }, 60_000);

  it(`refuses an account’s order past ${MAX_ORDERS_PER_MINUTE} a minute with 429, counted across instances`, async () => {
    const tool = await createTool(t.db, { onHand: 1000 });
    const order = (account: TestAccount, i: number) =>
      injectAs(i % 2 === 0 ? t.app : t.otherApp, account, {
        method: 'POST',
        url: '/api/order',
        payload: { toolId: tool.id, quantity: 1, address: 'Busy street' },
      });

    // One at a time, half through each instance. After its fifth unpaid order the account is refused
    // by that bound, and those refusals count too.
    const codes: string[] = [];
    for (let i = 0; i < MAX_ORDERS_PER_MINUTE + 1; i += 1) {
      const response = await order(customer, i);
      codes.push(response.statusCode === 201 ? 'placed' : response.json().error.code);
    }

    expect(codes.slice(0, 5)).toEqual(Array(5).fill('placed'));
    expect(new Set(codes.slice(5, MAX_ORDERS_PER_MINUTE))).toEqual(new Set(['too_many_unpaid_orders']));
    const refused = await order(customer, 0);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_orders',
        message: expect.stringContaining(`${MAX_ORDERS_PER_MINUTE} orders a minute`),
      },
    });
    expect(codes[MAX_ORDERS_PER_MINUTE]).toBe('too_many_orders');
    expect((await order(other, 1)).statusCode).toBe(201);
  });
});
