import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../test/migrations';
import type { DatabaseHandle } from './client';
import { migrate } from './migrate';

/** The first migration of carts and order lines: the database below it is the shop as it was. */
const ORDER_LINES_MIGRATION = 17;

let handle: DatabaseHandle;

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  handle = await databaseBeforeMigration(ORDER_LINES_MIGRATION);
}, 60_000);

afterAll(() => handle?.close());

const ORDER_COLUMNS = sql.raw(
  `"id", "user_id", "email", "name", "tool_id", "tool_name", "quantity", "unit_price_cents", "address",
   "phone", "status", "transaction_id", "paid_at", "delivered_at", "cancelled_at", "expires_at", "created_at"`,
);

describe('migration 0017: orders placed before it become one-line orders with numbers', () => {
  it('keeps every order whole, gives it its one line and numbers the orders in the order they were placed', async () => {
    await handle.db.execute(sql`
      insert into "users" ("id", "name", "email", "email_verified")
      values ('old-buyer', 'Old Buyer', 'old@example.com', true)`);
    await handle.db.execute(sql`
      insert into "tools" ("id", "name", "price_cents", "img", "description", "minimum_order", "on_hand")
      values ('00000000-0000-4000-8000-000000000001', 'Wrench', 1999, '/w.svg', 'A wrench.', 1, 100),
             ('00000000-0000-4000-8000-000000000002', 'Drill', 12345, '/d.svg', 'A drill.', 2, 100)`);
    // The old way: `place_orders` as migration 0015 left it, then the payment and the delivery as the
    // orders feature writes them; the second order is older than the first.
    const placed = await rowsOf<{ refusal: string | null; order_id: string }>(sql`
      select "placed"."refusal", ("placed"."order")."id" as "order_id" from place_orders(
        ids => array['10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002']::uuid[],
        user_ids => array['old-buyer', 'old-buyer'],
        tool_ids => array['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']::uuid[],
        details => array[
          '{"email":"old@example.com","name":"Old Buyer","quantity":3,"address":"1 Old Road","phone":"555"}',
          '{"email":"old@example.com","name":"Old Buyer","quantity":4,"address":"1 Old Road","phone":null}'
        ],
        max_unpaid_orders => 5, max_reserved_units => 1000, max_orders_per_minute => 10, hold_minutes => 60,
        large_share_percent => 50, large_hold_minutes => 10, cool_down_minutes => 60,
        deadline => null, channel => 'test', announcement => 'test') as "placed"`);
    expect(placed.map((row) => row.refusal)).toEqual([null, null]);
    await handle.db.execute(sql`
      update "orders" set "created_at" = now() - interval '1 day'
      where "id" = '10000000-0000-4000-8000-000000000002'`);
    await handle.db.execute(sql`
      update "orders" set "status" = 'delivered', "transaction_id" = 'demo_old', "paid_at" = now(),
        "delivered_at" = now()
      where "id" = '10000000-0000-4000-8000-000000000002'`);
    const ordersBefore = await rowsOf<Record<string, unknown>>(
      sql`select ${ORDER_COLUMNS} from "orders" order by "id"`,
    );

    await migrate(handle.db, handle.engine);

    expect(await rowsOf(sql`select ${ORDER_COLUMNS} from "orders" order by "id"`)).toEqual(ordersBefore);
    const lines = await rowsOf(sql`
      select "orders"."number"::text as "number", "order_lines"."position", "order_lines"."tool_id",
        "order_lines"."tool_name", "order_lines"."quantity", "order_lines"."unit_price_cents"
      from "orders" join "order_lines" on "order_lines"."order_id" = "orders"."id"
      order by "orders"."number"`);
    expect(lines).toEqual([
      {
        number: '1001',
        position: 1,
        tool_id: '00000000-0000-4000-8000-000000000002',
        tool_name: 'Drill',
        quantity: 4,
        unit_price_cents: 12345,
      },
      {
        number: '1002',
        position: 1,
        tool_id: '00000000-0000-4000-8000-000000000001',
        tool_name: 'Wrench',
        quantity: 3,
        unit_price_cents: 1999,
      },
    ]);
    // Placed orders ship free, and the shop's shipping starts free.
    expect(await rowsOf(sql`select distinct "shipping_cents" from "orders"`)).toEqual([
      { shipping_cents: 0 },
    ]);
    expect(
      await rowsOf(sql`select "shipping_fee_cents", "free_shipping_from_cents" from "shop_settings"`),
    ).toEqual([{ shipping_fee_cents: 0, free_shipping_from_cents: null }]);

    // From now on `place_orders` writes the one line of each order it places, numbered after the rest.
    await handle.db.execute(sql`
      select * from place_orders(
        ids => array['10000000-0000-4000-8000-000000000003']::uuid[], user_ids => array['old-buyer'],
        tool_ids => array['00000000-0000-4000-8000-000000000001']::uuid[],
        details => array['{"email":"old@example.com","name":"Old Buyer","quantity":2,"address":"1 Old Road"}'],
        max_unpaid_orders => 5, max_reserved_units => 1000, max_orders_per_minute => 10, hold_minutes => 60,
        large_share_percent => 50, large_hold_minutes => 10, cool_down_minutes => 60,
        deadline => null, channel => 'test', announcement => 'test')`);
    expect(
      await rowsOf(sql`
        select "orders"."number"::text as "number", "order_lines"."tool_name", "order_lines"."quantity",
          "order_lines"."unit_price_cents"
        from "orders" join "order_lines" on "order_lines"."order_id" = "orders"."id"
        where "orders"."id" = '10000000-0000-4000-8000-000000000003'`),
    ).toEqual([{ number: '1003', tool_name: 'Wrench', quantity: 2, unit_price_cents: 1999 }]);
  });
});
