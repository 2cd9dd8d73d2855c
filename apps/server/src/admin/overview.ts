import { sql, type SQL } from 'drizzle-orm';
import type { LowStockTool, Overview, SalesFigures, TopTool } from '@toolshop/shared/admin';
import { centsToDollars } from '@toolshop/shared/money';
import type { Database } from '../db/client';
import { isPaidSql, orderTotalSql } from '../db/order-status';
import { availableSql, isLowSql, lowStockThresholdSql } from './low-stock';

/** The summary periods of the Sales Overview: today, the last 7 days, the last 30 days. */
const SUMMARY_DAYS = [1, 7, 30] as const;
const TOP_TOOLS = 5;
const LOW_STOCK_SHOWN = 50;

// Sums are numeric in PostgreSQL; read as text they stay exact on both engines (no float, no bigint).
const cents = (value: string | number | null) => Number(value ?? 0);
const dollars = (value: string | number | null) => centsToDollars(cents(value));

/** The rows of a raw query; both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What an order brings in: its lines at the prices copied onto them, and its shipping, in cents. */
const orderCents = orderTotalSql(sql`o.id`, sql`o.shipping_cents`);
const lineCents = sql`order_total_cents(l.quantity, l.unit_price_cents)`;
const earned = isPaidSql(sql`o.status`);

/**
 * Everything the Sales Overview shows, computed in SQL. Days are UTC days; a period of N days ends with
 * today (included) and is compared with the N days just before it. `now` is a parameter so that tests can
 * pin the clock.
 */
export async function loadOverview(db: Database, days: number, now = new Date()): Promise<Overview> {
  // Midnight UTC of today, as a timestamptz.
  const today = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC')`;
  const dayStart = (daysBack: SQL) => sql`(${today} - (${daysBack}) * interval '1 day')`;
  const tomorrow = sql`(${today} + interval '1 day')`;
  const periodStart = dayStart(sql`${days} - 1`);

  const [periods, daily, topByUnits, topByRevenue, waiting, lowStock] = await Promise.all([
    rowsOf<{
      days: number;
      revenue: string;
      orders: number;
      average: string;
      previous_revenue: string;
      previous_orders: number;
      previous_average: string;
    }>(
      db,
      sql`
      select p.days, f.revenue::text, f.orders, coalesce(round(f.revenue / nullif(f.orders, 0)), 0)::text as average,
        f.previous_revenue::text, f.previous_orders,
        coalesce(round(f.previous_revenue / nullif(f.previous_orders, 0)), 0)::text as previous_average
      from (values ${sql.join(
        SUMMARY_DAYS.map((n) => sql`(${n}::int)`),
        sql`, `,
      )}) as p(days)
      cross join lateral (
        select
          coalesce(sum(${orderCents}) filter (where o.paid_at >= ${dayStart(sql`p.days - 1`)}), 0)::numeric as revenue,
          (count(*) filter (where o.paid_at >= ${dayStart(sql`p.days - 1`)}))::int as orders,
          coalesce(sum(${orderCents}) filter (where o.paid_at < ${dayStart(sql`p.days - 1`)}), 0)::numeric as previous_revenue,
          (count(*) filter (where o.paid_at < ${dayStart(sql`p.days - 1`)}))::int as previous_orders
        from orders o
        where ${earned} and o.paid_at >= ${dayStart(sql`2 * p.days - 1`)} and o.paid_at < ${tomorrow}
      ) as f
      order by p.days`,
    ),
    rowsOf<{ date: string; revenue: string; orders: number }>(
      db,
      sql`
      select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date,
        coalesce(sum(${orderCents}), 0)::text as revenue, count(o.id)::int as orders
      from generate_series(${periodStart}, ${today}, interval '1 day') as d(day)
      left join orders o on ${earned} and o.paid_at >= d.day and o.paid_at < d.day + interval '1 day'
      group by d.day
      order by d.day`,
    ),
    topTools(db, periodStart, tomorrow, sql`units desc, revenue_cents desc`),
    topTools(db, periodStart, tomorrow, sql`revenue_cents desc, units desc`),
    rowsOf<{
      unpaid: number;
      unpaid_oldest: string | null;
      undelivered: number;
      undelivered_oldest: string | null;
    }>(
      db,
      sql`
      with waiting as (
        select status, created_at, paid_at,
          status = 'unpaid' and not order_past_hold(status, expires_at)
            and created_at <= ${now.toISOString()}::timestamptz - interval '1 day' as unpaid_long
        from orders where status in ('unpaid', 'paid', 'shipped')
      )
      select
        (count(*) filter (where unpaid_long))::int as unpaid,
        to_char(min(created_at) filter (where unpaid_long) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as unpaid_oldest,
        (count(*) filter (where status <> 'unpaid'))::int as undelivered,
        to_char(min(paid_at) filter (where status <> 'unpaid') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as undelivered_oldest
      from waiting`,
    ),
    rowsOf<{
      id: string;
      name: string;
      available: number;
      on_hand: number;
      minimum_order: number;
      threshold: number;
    }>(
      db,
      sql`
      select id, name, ${availableSql} as available, on_hand, minimum_order, ${lowStockThresholdSql} as threshold
      from tools
      where deleted_at is null and ${isLowSql}
      order by ${availableSql}, name
      limit ${LOW_STOCK_SHOWN}`,
    ),
  ]);

  const figures = (revenue: string, orders: number, average: string): SalesFigures => ({
    revenue: dollars(revenue),
    orders,
    averageOrderValue: dollars(average),
  });
  const [wait] = waiting;
  return {
    periods: periods.map((row) => ({
      days: row.days,
      current: figures(row.revenue, row.orders, row.average),
      previous: figures(row.previous_revenue, row.previous_orders, row.previous_average),
    })),
    daily: daily.map((row) => ({ date: row.date, revenue: dollars(row.revenue), orders: row.orders })),
    days,
    topByUnits,
    topByRevenue,
    waiting: {
      unpaid: { count: wait?.unpaid ?? 0, oldest: wait?.unpaid_oldest ?? null },
      undelivered: { count: wait?.undelivered ?? 0, oldest: wait?.undelivered_oldest ?? null },
    },
    lowStock: lowStock.map((row): LowStockTool => ({
      toolId: row.id,
      name: row.name,
      availableQuantity: row.available,
      onHand: row.on_hand,
      minimumOrder: row.minimum_order,
      threshold: row.threshold,
    })),
  };
}

async function topTools(db: Database, from: SQL, until: SQL, order: SQL): Promise<TopTool[]> {
  const result = await rowsOf<{ tool_id: string; name: string; units: number; revenue: string }>(
    db,
    sql`
    select l.tool_id, coalesce(t.name, max(l.tool_name)) as name, sum(l.quantity)::int as units,
      sum(${lineCents})::text as revenue, sum(${lineCents}) as revenue_cents
    from orders o join order_lines l on l.order_id = o.id left join tools t on t.id = l.tool_id
    where ${earned} and o.paid_at >= ${from} and o.paid_at < ${until}
    group by l.tool_id, t.name
    order by ${order}, name
    limit ${TOP_TOOLS}`,
  );
  return result.map((row) => ({
    toolId: row.tool_id,
    name: row.name,
    units: row.units,
    revenue: dollars(row.revenue),
  }));
}
