import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDER_HOLD_MINUTES,
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
} from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { orderSchema, type Order } from '@toolshop/shared/order';
import { orders } from '../db/schema';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const t = useTestApp({ seed: false });

let hoarder: TestAccount;
let buyer: TestAccount;
beforeAll(async () => {
  [hoarder, buyer] = await Promise.all([signUp(t.app), signUp(t.app)]);
}, 60_000);

const place = (account: TestAccount, toolId: string, quantity: number) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity, address: 'Dock 9' },
  });
const placed = async (account: TestAccount, toolId: string, quantity: number) => {
  const response = await place(account, toolId, quantity);
  expect(response.statusCode).toBe(201);
  return orderSchema.parse(response.json());
};
const cancel = (account: TestAccount, id: string) =>
  injectAs(t.app, account, { method: 'DELETE', url: `/api/order/${id}` });
const holdMinutes = (order: Order) => (Date.parse(order.expiresAt!) - Date.parse(order.createdAt)) / 60_000;
/** Time passes for an order: its hold, or the cool-down after it, is over. */
const minutesPass = (id: string, minutes: number) =>
  t.db.execute(
    sql`update ${orders} set expires_at = expires_at - make_interval(mins => ${minutes}),
      cancelled_at = cancelled_at - make_interval(mins => ${minutes}) where id = ${id}`,
  );
const coolDownRefusal = {
  error: {
    code: 'large_order_cool_down',
    message: apiMessages.largeOrderCoolDown(LARGE_ORDER_COOL_DOWN_MINUTES),
    fields: { 'body.quantity': apiMessages.largeOrderCoolDown(LARGE_ORDER_COOL_DOWN_MINUTES) },
  },
};

describe('nobody keeps a tool sold out', () => {
  it('refuses the whole stock again at once to the account that cancelled it; another buyer gets it', async () => {
    const tool = await createTool(t.db, { onHand: 320 });

    const hoarded = await placed(hoarder, tool.id, 320);
    expect(holdMinutes(hoarded)).toBe(LARGE_ORDER_HOLD_MINUTES);
    expect((await cancel(hoarder, hoarded._id)).statusCode).toBe(200);
    const again = await place(hoarder, tool.id, 320);

    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual(coolDownRefusal);
    expect((await placed(buyer, tool.id, 320)).quantity).toBe(320);
  });

  it(`frees the stock within ${LARGE_ORDER_HOLD_MINUTES} minutes of a hold left unpaid, for another buyer only`, async () => {
    const tool = await createTool(t.db, { onHand: 320 });
    const hoarded = await placed(hoarder, tool.id, 320);

    await minutesPass(hoarded._id, LARGE_ORDER_HOLD_MINUTES);

    expect((await place(hoarder, tool.id, 320)).json()).toEqual(coolDownRefusal);
    expect((await placed(buyer, tool.id, 200)).quantity).toBe(200);
    // A small share is no hoard: the account may still buy some.
    expect((await placed(hoarder, tool.id, 80)).quantity).toBe(80);
  });

  it('lets the account take a large share again once its cool-down is over', async () => {
    const tool = await createTool(t.db, { onHand: 100 });
    const hoarded = await placed(hoarder, tool.id, 100);
    expect((await cancel(hoarder, hoarded._id)).statusCode).toBe(200);

    await minutesPass(hoarded._id, LARGE_ORDER_COOL_DOWN_MINUTES);

    expect(holdMinutes(await placed(hoarder, tool.id, 100))).toBe(LARGE_ORDER_HOLD_MINUTES);
  });

  it('counts an account’s orders of one tool together, so splitting the stock does not escape the short hold', async () => {
    const tool = await createTool(t.db, { onHand: 400 });

    const first = await placed(hoarder, tool.id, 100);
    const second = await placed(hoarder, tool.id, 100);

    expect([holdMinutes(first), holdMinutes(second)]).toEqual([
      DEFAULT_ORDER_HOLD_MINUTES,
      LARGE_ORDER_HOLD_MINUTES,
    ]);
    await Promise.all([first, second].map((order) => cancel(hoarder, order._id)));
  });

  it('does not hinder an ordinary buyer who cancels and orders again at once', async () => {
    const tool = await createTool(t.db, { onHand: 320 });

    const first = await placed(buyer, tool.id, 10);
    expect((await cancel(buyer, first._id)).statusCode).toBe(200);
    const second = await placed(buyer, tool.id, 10);

    expect([holdMinutes(first), holdMinutes(second)]).toEqual([
      DEFAULT_ORDER_HOLD_MINUTES,
      DEFAULT_ORDER_HOLD_MINUTES,
    ]);
  });
});
