// Issue 27's race (decision 054): 500 buyers with overlapping 3-line carts checking out scarce tools at
// once on two instances, read back from the database; and the deadlocks PostgreSQL counted.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { addTools, forEachAccount, signInBuyers } from './accounts.mjs';
import { ADDRESS, jsonHeaders, LINES } from './checkout.mjs';
import { note } from './load.mjs';

export const RACE_BUYERS = 500;
const SCARCE_TOOLS = 5;
const SCARCE_STOCK = 60;

/** `list` grouped by `key(item)` (Object.groupBy arrives with Node 21). */
function groupBy(list, key) {
  const groups = new Map();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Fills a cart through the API, one line at a time, as a buyer's clicks do. */
async function fillCart(base, cookie, lines) {
  for (const line of lines) {
    const response = await fetch(`${base}/api/cart/lines`, {
      method: 'POST',
      headers: { ...jsonHeaders(base), cookie },
      body: JSON.stringify({ toolId: line.toolId, quantity: line.quantity }),
    });
    if (!response.ok) throw new Error(`add to cart: ${response.status} ${await response.text()}`);
  }
}

/** Buyer i's cart: LINES of the scarce tools (each combination in turn, so carts overlap), 1 or 2 units. */
const raceCart = (i, toolIds) => {
  const combinations = [];
  for (let a = 0; a < toolIds.length; a++)
    for (let b = a + 1; b < toolIds.length; b++)
      for (let c = b + 1; c < toolIds.length; c++) combinations.push([a, b, c]);
  return combinations[i % combinations.length].map((k) => ({ toolId: toolIds[k], quantity: 1 + (i % 2) }));
};

/**
 * RACE_BUYERS buyers fill overlapping carts of SCARCE_TOOLS tools stocked SCARCE_STOCK each, then all
 * check out at once over two instances. Read back from the database: no unit oversold, every 201 an order
 * with all its cart's lines, no order that was not acknowledged.
 */
export async function raceRow({ bases, firstBuyer, databaseUrl }) {
  const toolIds = await addTools(
    bases[0],
    Array.from({ length: SCARCE_TOOLS }, (_, k) => ({ name: `Bench scarce tool ${k}`, stock: SCARCE_STOCK })),
  );
  const cookies = await signInBuyers(bases[0], RACE_BUYERS, firstBuyer);
  const carts = cookies.map((_, i) => raceCart(i, toolIds));
  await forEachAccount(RACE_BUYERS, (i) => fillCart(bases[i % bases.length], cookies[i], carts[i]));
  note(`${RACE_BUYERS} buyers checking out at once`);
  const answers = await Promise.all(
    cookies.map(async (cookie, i) => {
      const base = bases[i % bases.length];
      const response = await fetch(`${base}/api/checkout`, {
        method: 'POST',
        headers: { ...jsonHeaders(base), cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ address: ADDRESS }),
      });
      return { status: response.status, order: response.status === 201 ? await response.json() : null, i };
    }),
  );
  const placed = answers.filter((answer) => answer.status === 201);
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  const statuses = [...groupBy(answers, (answer) => answer.status)]
    .map(([status, list]) => `${list.length} × ${status}`)
    .join(', ');

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: stock } = await client.query(
    'select id, on_hand, reserved from tools where id = any($1::uuid[])',
    [toolIds],
  );
  const { rows: lines } = await client.query(
    'select order_id, tool_id, quantity from order_lines where tool_id = any($1::uuid[])',
    [toolIds],
  );
  await client.end();
  const ordered = new Map(toolIds.map((id) => [id, 0]));
  for (const line of lines) ordered.set(line.tool_id, ordered.get(line.tool_id) + line.quantity);
  const oversold = toolIds.reduce((sum, id) => sum + Math.max(0, ordered.get(id) - SCARCE_STOCK), 0);
  const reservedMatches = stock.every(
    (tool) => tool.reserved === ordered.get(tool.id) && tool.reserved <= tool.on_hand,
  );
  const linesByOrder = groupBy(lines, (line) => line.order_id);
  const incomplete = placed.filter(({ order, i }) => {
    const got = linesByOrder.get(order._id) ?? [];
    return (
      got.length !== LINES ||
      !carts[i].every((want) =>
        got.some((line) => line.tool_id === want.toolId && line.quantity === want.quantity),
      )
    );
  }).length;
  const unacknowledged = linesByOrder.size - placed.length;
  return {
    figure: `race: ${RACE_BUYERS} buyers, ${LINES}-line carts over ${SCARCE_TOOLS} tools of ${SCARCE_STOCK} (PostgreSQL, 2 instances)`,
    shop: `${statuses}; oversold ${oversold}, orders missing lines ${incomplete}, orders not acknowledged ${unacknowledged}; units ordered ${[...ordered.values()].join('/')}`,
    bare: '—',
    ratio: '—',
    target: '0 oversold, 0 × 5xx, every 201 complete',
    met: oversold === 0 && serverErrors === 0 && incomplete === 0 && unacknowledged === 0 && reservedMatches,
  };
}

/**
 * Deadlocks PostgreSQL counted in the scratch database over the whole run, read once the shops are
 * stopped (a backend hands its counts over when it ends).
 */
export async function deadlockRow(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  await client.end();
  const deadlocks = Number(rows[0].deadlocks);
  return {
    figure: 'deadlocks (PostgreSQL: orders, checkouts, race)',
    shop: String(deadlocks),
    bare: '—',
    ratio: '—',
    target: '0',
    met: deadlocks === 0,
  };
}
