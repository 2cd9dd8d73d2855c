// Issue 27's checkout figures (decision 054): checkouts of 3-line carts by 32 buyers beside the database's
// own limit for the same orders, and adding to a cart under load (the race: bench/race.mjs).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ADMIN_ADDRESS, ADMIN_EMAIL, addTools, forEachAccount, signInBuyers } from './accounts.mjs';
import { DURATION_S } from './compare.mjs';
import { autocannonRun, fmt, keepAliveLoop, note, ratePerSecond } from './load.mjs';
import { percentile } from './probe.mjs';
import { sessionCookie, signIn } from './shop.mjs';
import {
  DEFAULT_ORDER_HOLD_MINUTES,
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
  LARGE_ORDER_SHARE_PERCENT,
  MAX_ORDERS_PER_MINUTE,
  MAX_RESERVED_UNITS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
} from '../packages/shared/src/constants.ts';
import { CHANGE_CHANNEL } from '../apps/server/src/db/change-feed.ts';
import { CATALOGUE_TOPIC } from '../apps/server/src/db/change-topics.ts';

const BUYERS = 32;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 3000);
/**
 * Checkouts placed first and not timed, over HTTP and in the database alike: a shop that has run a while
 * has its checkout's code optimised by V8 and its connections' plans made. Timed from a cold start, a
 * third of a shop's CPU in a 3,000-checkout run went to V8's compiler (perf, 2026-11-28).
 */
const WARM_UP = Math.ceil(CHECKOUTS / 3);
// autocannon builds one request per connection more than it sends: the spare indices wrap around, so a
// few more accounts keep every account within its bound of unpaid orders.
export const CHECKOUT_ACCOUNTS = Math.ceil(
  (WARM_UP + CHECKOUTS + 2 * BUYERS) / MAX_UNPAID_ORDERS_PER_ACCOUNT,
);
const VISITORS = 50;
export const LINES = 3;
/** The checkouts' tools: each order takes LINES of them in turn, so orders overlap as carts do. */
const POOL = 6;
const STOCK = 1_000_000;
const PRICE_CENTS = 100;
export const ADDRESS = '1 Bench Street';

export const jsonHeaders = (base) => ({ 'content-type': 'application/json', origin: base });
const linesOf = (n, toolIds) =>
  Array.from({ length: LINES }, (_, k) => ({
    toolId: toolIds[(n + k) % toolIds.length],
    quantity: 1,
    seenPriceCents: PRICE_CENTS,
  }));
const poolOfTools = (base, what) =>
  addTools(
    base,
    Array.from({ length: POOL }, (_, k) => ({ name: `Bench ${what} ${k}`, stock: STOCK })),
  );
const unitsSold = async (base, toolIds) => {
  const tools = await Promise.all(toolIds.map(async (id) => (await fetch(`${base}/api/tools/${id}`)).json()));
  return tools.reduce((sum, tool) => sum + STOCK - tool.availableQuantity, 0);
};

/**
 * `amount` orders over the API: `POST /api/checkout` naming its 3 lines (the call an API client makes;
 * the same call `place_checkout` gets below), each with its own Idempotency-Key, by BUYERS connections
 * spread over `bases`, each request from the next signed-in account (`counter.next`, carried from run to
 * run).
 */
async function checkoutsOverHttp(bases, toolIds, cookies, counter, amount) {
  const started = performance.now();
  const results = await Promise.all(
    bases.map((base) =>
      autocannonRun({
        url: `${base}/api/checkout`,
        method: 'POST',
        connections: BUYERS / bases.length,
        amount: amount / bases.length,
        headers: jsonHeaders(base),
        requests: [
          {
            setupRequest: (request) => {
              const n = counter.next++;
              return {
                ...request,
                headers: {
                  ...request.headers,
                  cookie: cookies[n % cookies.length],
                  'idempotency-key': randomUUID(),
                },
                body: JSON.stringify({ address: ADDRESS, lines: linesOf(n, toolIds) }),
              };
            },
          },
        ],
      }),
    ),
  );
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  const acknowledged = sum('2xx');
  return {
    rate: ratePerSecond(acknowledged, started, results),
    acknowledged,
    serverErrors: sum('5xx'),
    otherFailures: sum('non2xx') - sum('5xx') + sum('errors'),
  };
}

const PLACE_CHECKOUT = `
  select "placed"."refusal" from place_checkout(
    new_order => $1::uuid, buyer => $2, cart => null, line_tools => $3::uuid[],
    line_quantities => $4::integer[], line_prices => $5::integer[], details => $6,
    max_unpaid_orders => ${MAX_UNPAID_ORDERS_PER_ACCOUNT}, max_reserved_units => ${MAX_RESERVED_UNITS_PER_ACCOUNT},
    max_orders_per_minute => ${MAX_ORDERS_PER_MINUTE}, hold_minutes => ${DEFAULT_ORDER_HOLD_MINUTES},
    large_share_percent => ${LARGE_ORDER_SHARE_PERCENT}, large_hold_minutes => ${LARGE_ORDER_HOLD_MINUTES},
    cool_down_minutes => ${LARGE_ORDER_COOL_DOWN_MINUTES}, deadline => null, channel => $7, announcement => $8
  ) as "placed"`;

/**
 * The database's own limit: the same CHECKOUTS orders, by BUYERS clients calling `place_checkout`
 * directly (one prepared statement each, autocommit, no HTTP), for accounts of their own made in SQL
 * (the HTTP run used up its accounts' unpaid orders).
 */
async function checkoutsInDatabase(databaseUrl, toolIds) {
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  const buyers = Array.from({ length: CHECKOUT_ACCOUNTS }, (_, i) => `bench-direct-${i}`);
  await setup.query(
    `insert into users (id, name, email, email_verified)
     select id, id, id || '@example.com', true from unnest($1::text[]) as id`,
    [buyers],
  );
  await setup.end();
  const clients = Array.from({ length: BUYERS }, () => new pg.Client({ connectionString: databaseUrl }));
  await Promise.all(clients.map((client) => client.connect()));
  const origin = randomUUID();
  let next = 0;
  let refused = 0;
  /** The clients place orders until `until` of them have been sent. */
  const placeUntil = (until) =>
    Promise.all(
      clients.map(async (client) => {
        while (next < until) {
          const n = next++;
          const lines = linesOf(n, toolIds);
          const buyer = buyers[n % buyers.length];
          const { rows } = await client.query({
            name: 'place_checkout',
            text: PLACE_CHECKOUT,
            values: [
              randomUUID(),
              buyer,
              lines.map((line) => line.toolId),
              lines.map((line) => line.quantity),
              lines.map((line) => line.seenPriceCents),
              JSON.stringify({ email: `${buyer}@example.com`, name: buyer, address: ADDRESS, phone: null }),
              CHANGE_CHANNEL,
              `${origin}:${n}:${CATALOGUE_TOPIC}:${lines.map((line) => line.toolId).join(',')}`,
            ],
          });
          if (rows[0].refusal !== null) refused++;
        }
      }),
    );
  try {
    await placeUntil(WARM_UP);
    const refusedWarmingUp = refused;
    const started = performance.now();
    await placeUntil(WARM_UP + CHECKOUTS);
    const placed = CHECKOUTS - (refused - refusedWarmingUp);
    return { rate: placed / ((performance.now() - started) / 1000), refused };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Checkout figures: over HTTP on `bases`; with `databaseUrl`, beside the database's own limit. */
export async function checkoutRows({ bases, engine, firstBuyer, databaseUrl }) {
  const toolIds = await poolOfTools(bases[0], 'checkout tool');
  const cookies = await signInBuyers(bases[0], CHECKOUT_ACCOUNTS, firstBuyer);
  const counter = { next: 0 };
  note(`${WARM_UP} checkouts over HTTP to warm up, then ${CHECKOUTS} timed (${engine})`);
  const warmUp = await checkoutsOverHttp(bases, toolIds, cookies, counter, WARM_UP);
  const http = await checkoutsOverHttp(bases, toolIds, cookies, counter, CHECKOUTS);
  const sold = await unitsSold(bases[0], toolIds);
  const lines = (warmUp.acknowledged + http.acknowledged) * LINES;
  const serverErrors = warmUp.serverErrors + http.serverErrors;
  const otherFailures = warmUp.otherFailures + http.otherFailures;
  const target = databaseUrl ? 1000 : 300;
  const rows = [
    {
      figure: `POST /api/checkout, ${LINES} lines, ${BUYERS} buyers (${engine})`,
      shop: `${fmt(http.rate)} orders/s; ${serverErrors} 5xx, ${otherFailures} other failures; units sold ${fmt(sold)}, acknowledged lines ${fmt(lines)}`,
      bare: '—',
      ratio: '—',
      target: `≥ ${fmt(target)}/s, sold = acknowledged, no 5xx`,
      met: http.rate >= target && sold === lines && serverErrors === 0 && otherFailures === 0,
    },
  ];
  if (!databaseUrl) return rows;
  note(`${CHECKOUTS} checkouts straight in the database`);
  const direct = await checkoutsInDatabase(databaseUrl, toolIds);
  const ratio = http.rate / direct.rate;
  rows.push({
    figure: `place_checkout called directly, ${BUYERS} clients (the database's own limit)`,
    shop: `${fmt(http.rate)} orders/s over HTTP`,
    bare: `${fmt(direct.rate)} orders/s; ${direct.refused} refused`,
    ratio: ratio.toFixed(2),
    target: '≥ 0.5 × the database',
    met: ratio >= 0.5 && direct.refused === 0,
  });
  return rows;
}

/**
 * Seconds of adding before the timing starts. Timed second by second, a fresh pair of instances under
 * this load answered 1,600–1,800 adds/s in its first two seconds, 3,000 in the next two and 4,000–5,300
 * from then on (the p99 of each second 66, 55, 45, 32, then 20–35 ms), while V8 compiled the hot code on
 * the same two cores: the figure is of a shop that has warmed up.
 */
const ADD_WARM_UP_S = 5;

/**
 * VISITORS visitors, each with its own cart cookie and address, add a tool again and again for
 * DURATION_S after ADD_WARM_UP_S, spread over `bases`; the figure is the p99 of every add of the run.
 */
export async function addToCartRow({ bases, engine }) {
  const [toolId] = await poolOfTools(bases[0], 'cart tool');
  const address = (i) => `10.200.${i >> 8}.${i & 255}`;
  const body = JSON.stringify({ toolId, quantity: 1 });
  const cookies = await forEachAccount(VISITORS, async (i) => {
    const base = bases[i % bases.length];
    const response = await fetch(`${base}/api/cart/lines`, {
      method: 'POST',
      headers: { ...jsonHeaders(base), 'x-forwarded-for': address(i) },
      body,
    });
    if (!response.ok) throw new Error(`first add to cart: ${response.status} ${await response.text()}`);
    return sessionCookie(response);
  });
  // A connection of its own for each visitor, its request built once and its answers read only as far as
  // their status and length (bench/load.mjs): autocannon, parsing every answer in JavaScript, took about
  // 65 µs of the two cores the shops and the database share per add, this loop about 40.
  const load = async (warmUpS, durationS) => {
    const times = [];
    const results = await Promise.all(
      cookies.map((cookie, i) => {
        const base = bases[i % bases.length];
        return keepAliveLoop(
          {
            url: `${base}/api/cart/lines`,
            method: 'POST',
            warmUpS,
            durationS,
            headers: { ...jsonHeaders(base), cookie, 'x-forwarded-for': address(i) },
            body,
          },
          (responseTime) => times.push(responseTime),
        );
      }),
    );
    return { times, results };
  };
  // A shop that has served a sign-in runs with Node 20's promise hooks on for good (Better Auth's
  // AsyncLocalStorage), as every shop in use does: each instance is measured so.
  for (const base of bases) await signIn({ base, email: ADMIN_EMAIL, address: ADMIN_ADDRESS });
  note(`${VISITORS} visitors adding to their carts (${engine})`);
  const { times, results } = await load(ADD_WARM_UP_S, DURATION_S);
  const p99 = Math.round(percentile(times, 99));
  const failures = results.reduce((sum, r) => sum + r.failures, 0);
  const rps = times.length / DURATION_S;
  return {
    figure: `POST /api/cart/lines, ${VISITORS} visitors at once (${engine})`,
    shop: `p99 ${p99} ms, ${fmt(rps)} adds/s, ${failures} failures`,
    bare: '—',
    ratio: '—',
    target: 'p99 ≤ 20 ms',
    met: p99 <= 20 && failures === 0,
  };
}
