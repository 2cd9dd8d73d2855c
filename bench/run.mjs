// `npm run bench`: every figure of bench/README.md in one run, each shop figure beside a bare node:http
// server sending the same bytes, then sustained orders and checkouts on PGlite and (with BENCH_DATABASE_URL)
// on PostgreSQL behind two shop instances, with the race and add to cart there (bench/checkout.mjs,
// bench/race.mjs). The shop runs as `npm start` runs it, default log level included. Targets live here,
// never in timed tests.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_PORT, compare, CONNECTIONS, DURATION_S, rawGet } from './compare.mjs';
import { autocannonRun, fmt, note, ratePerSecond } from './load.mjs';
import { lighthouseRows } from './lighthouse.mjs';
import { signedInCustomer } from './signed-in.mjs';
import { ADMIN_EMAIL, addTools, signInBuyers, signUpEveryone } from './accounts.mjs';
import { addToCartRow, checkoutRows, CHECKOUT_ACCOUNTS } from './checkout.mjs';
import { deadlockRow, RACE_BUYERS, raceRow } from './race.mjs';
import { root, startShop, verifyInDatabase, withScratchDatabase } from './shop.mjs';
import { MAX_UNPAID_ORDERS_PER_ACCOUNT } from '../packages/shared/src/constants.ts';

/** Connections placing orders at once (decision 017: 32 buyers). */
const BUYERS = 32;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const STOCK = 1_000_000;
/**
 * `BENCH_ONLY=<section>,…`: some figures alone. `api-tools`: GET /api/tools against bare (what the
 * default log level costs); `reads`: every read figure, Lighthouse and the home page's script; `orders`:
 * POST /api/order; `checkout`: the checkout and race figures (bench/checkout.mjs, bench/race.mjs); `cart`:
 * add to cart on PostgreSQL.
 */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wants = (section) =>
  only.size === 0 || only.has(section) || (section === 'api-tools' && only.has('reads'));
const [SHOP_PORT, SECOND_SHOP_PORT] = [BENCH_PORT, BENCH_PORT + 2];

// A customer may hold at most MAX_UNPAID_ORDERS_PER_ACCOUNT unpaid orders (decision 015), so the orders
// come from that many fewer accounts than orders, rotated through by the BUYERS connections.
const ACCOUNTS = Math.ceil(ORDERS / MAX_UNPAID_ORDERS_PER_ACCOUNT);

/**
 * ORDERS orders of one unit on BUYERS connections spread over `bases`; each request comes from the next
 * of ACCOUNTS signed-in customers, so none goes past its bound of unpaid orders.
 */
async function orders(figure, bases, target) {
  const [toolId] = await addTools(bases[0], [{ name: 'Bench bit set', stock: STOCK }]);
  const cookies = await signInBuyers(bases[0], ACCOUNTS);
  let next = 0;
  const started = performance.now();
  const results = await Promise.all(
    bases.map((base) => {
      const headers = { 'content-type': 'application/json', origin: base };
      return autocannonRun({
        url: `${base}/api/order`,
        method: 'POST',
        connections: BUYERS / bases.length,
        amount: ORDERS / bases.length,
        headers,
        body: JSON.stringify({ toolId, quantity: 1, address: '1 Bench Street' }),
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: cookies[next++ % ACCOUNTS] },
            }),
          },
        ],
      });
    }),
  );
  const acknowledged = results.reduce((sum, r) => sum + r['2xx'], 0);
  const serverErrors = results.reduce((sum, r) => sum + r['5xx'], 0);
  const otherFailures = results.reduce((sum, r) => sum + r.non2xx - r['5xx'] + r.errors, 0);
  const tool = await (await fetch(`${bases[0]}/api/tools/${toolId}`)).json();
  const sold = STOCK - tool.availableQuantity;
  const rate = ratePerSecond(acknowledged, started, results);
  const balanced = sold === acknowledged;
  return {
    figure,
    shop: `${fmt(rate)} orders/s; ${serverErrors} 5xx, ${otherFailures} other failures; sold ${fmt(sold)}, acknowledged ${fmt(acknowledged)}`,
    bare: '—',
    ratio: '—',
    target: `${target === undefined ? '' : `≥ ${fmt(target)}/s, `}sold = acknowledged, no 5xx`,
    met: balanced && serverErrors === 0 && otherFailures === 0 && (target === undefined || rate >= target),
  };
}

/**
 * The JavaScript a visitor's browser loads for the home page: every script the server-rendered HTML
 * names (the preloads it starts after the first paint, the route modules, the entry), gzipped as the
 * build stores them, in all and beyond React and React Router (issue 28: at most 30 kB).
 */
async function homePageJavaScriptKb(base) {
  const html = (await rawGet(`${base}/`, {})).body.toString();
  // The page's one inline starter (decision 027, with decision 035's nonce) carries the preloads and the
  // module's text, whose imports are JSON-escaped: every script of the build it names is under /assets/.
  const files = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  if (files.length === 0) throw new Error('the home page names no script of the build');
  const client = path.join(root, 'apps/web/dist/client');
  const sizes = files.map((file) => ({
    file,
    bytes: gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length,
  }));
  const sum = (some) => some.reduce((total, { bytes }) => total + bytes, 0) / 1024;
  return { total: sum(sizes), beyondFramework: sum(sizes.filter(({ file }) => !isFrameworkScript(file))) };
}

/**
 * React and React Router as the build splits them: the chunk named after React Router's own (`chunk-` and
 * its 8-character name, with React in it), React DOM (the entry holds its client and the scheduler, besides
 * the shop's 20 lines that hydrate the page), the JSX runtime and the bundler's runtime. The shop's own
 * modules give their chunks their own names.
 */
const isFrameworkScript = (file) =>
  /^\/assets\/(?:entry\.client|chunk-[A-Z0-9]{8}|react-dom|jsx-runtime|rolldown-runtime)-[\w-]{8}\.js$/.test(
    file,
  );

/** The largest script of the build: the asset figure's worst case. */
function largestBundle() {
  const assets = path.join(root, 'apps/web/dist/client/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size)[0].name;
}

/**
 * The HTTP figures of one shop against the bare server, then the home page's script and Lighthouse, for
 * visitors and (issue 27 point 7) for a customer signed in on the shop whose mails go to `dataDir`.
 */
async function readRows(base, dataDir, rows) {
  rows.push(
    await compare(workDir, {
      figure: 'GET /api/tools (PGlite)',
      url: `${base}/api/tools`,
      target: 0.8,
      p99Target: 20,
    }),
  );
  if (!wants('reads')) return;
  const bundle = largestBundle();
  rows.push(
    await compare(workDir, {
      figure: 'GET /api/tools, Accept-Encoding: gzip',
      url: `${base}/api/tools`,
      headers: { 'accept-encoding': 'gzip' },
      target: 0.8,
    }),
  );
  rows.push(
    await compare(workDir, {
      figure: `GET /assets/${bundle.replace(/-[\w-]{8}\.js$/, '-*.js')}, Accept-Encoding: br`,
      url: `${base}/assets/${bundle}`,
      headers: { 'accept-encoding': 'br' },
      target: 0.5,
    }),
  );
  rows.push(await compare(workDir, { figure: 'GET /api/config', url: `${base}/api/config`, target: 0.8 }));
  // Decision 024: the home page as an anonymous browser asks for it, rendered once and then kept.
  rows.push(
    await compare(workDir, {
      figure: 'GET / (anonymous, rendered page kept), Accept-Encoding: br',
      url: `${base}/`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      target: 0.5,
    }),
  );
  const [firstTool] = JSON.parse((await rawGet(`${base}/api/tools`, {})).body.toString());
  const [firstCategory] = JSON.parse((await rawGet(`${base}/api/categories`, {})).body.toString());
  const lighthouse = await lighthouseRows(base, [
    '/',
    '/tools',
    `/tools/category/${firstCategory.slug}`,
    `/tools/${firstTool._id}`,
  ]);
  const customer = await signedInCustomer({ base, dataDir });
  const signedIn = await lighthouseRows(
    base,
    ['/cart', '/checkout', `/orders/${customer.orderId}`, '/dashboard/myOrders'],
    { cookie: customer.cookie },
  );
  const kb = await homePageJavaScriptKb(base);
  // Printed last, after the write figures, as before.
  const scriptRow = (figure, size, limit) => ({
    figure,
    shop: `${size.toFixed(1)} kB`,
    bare: '—',
    ratio: '—',
    target: `≤ ${limit} kB`,
    met: size <= limit,
  });
  tail.push(
    scriptRow('home page JavaScript (gzip)', kb.total, 100),
    scriptRow('home page JavaScript beyond React and React Router (gzip)', kb.beyondFramework, 30),
    ...lighthouse,
    ...signedIn,
  );
}

const rows = [];
const tail = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'toolshop-bench-'));
// Buyers by index: the orders' accounts first, then the checkouts', then (PostgreSQL) the race's.
const accounts = {
  orders: wants('orders') ? ACCOUNTS : 0,
  checkout: wants('checkout') ? CHECKOUT_ACCOUNTS : 0,
  race: wants('checkout') ? RACE_BUYERS : 0,
};
try {
  const dataDir = path.join(workDir, 'pglite');
  const env = { ADMIN_EMAILS: ADMIN_EMAIL };
  const buyersOnPglite = accounts.orders + accounts.checkout;
  if (buyersOnPglite > 0) {
    const signingUp = await startShop({ port: SHOP_PORT, dataDir, env });
    let emails;
    note(`signing up ${buyersOnPglite} buyers (PGlite)`);
    try {
      emails = await signUpEveryone(signingUp.base, buyersOnPglite);
    } finally {
      await signingUp.stop();
    }
    await verifyInDatabase({ pgliteDir: path.join(dataDir, 'db'), emails, adminEmail: ADMIN_EMAIL });
  }
  const shop = await startShop({ port: SHOP_PORT, dataDir, env });
  try {
    const base = shop.base;
    if (wants('api-tools')) await readRows(base, dataDir, rows);
    if (wants('orders')) rows.push(await orders(`POST /api/order, ${BUYERS} buyers (PGlite)`, [base]));
    if (wants('checkout'))
      rows.push(...(await checkoutRows({ bases: [base], engine: 'PGlite', firstBuyer: accounts.orders })));
  } finally {
    await shop.stop();
  }

  if (process.env.BENCH_DATABASE_URL && (wants('orders') || wants('checkout') || wants('cart'))) {
    await withScratchDatabase(process.env.BENCH_DATABASE_URL, async (databaseUrl) => {
      const env = { DATABASE_URL: databaseUrl, ADMIN_EMAILS: ADMIN_EMAIL };
      const pgDataDir = path.join(workDir, 'postgres');
      // One after the other: the first applies the migrations.
      const first = await startShop({ port: SHOP_PORT, dataDir: pgDataDir, env });
      const second = await startShop({ port: SECOND_SHOP_PORT, dataDir: pgDataDir, env });
      const bases = [first.base, second.base];
      try {
        note(`signing up ${accounts.orders + accounts.checkout + accounts.race} buyers (PostgreSQL)`);
        const emails = await signUpEveryone(first.base, accounts.orders + accounts.checkout + accounts.race);
        await verifyInDatabase({ databaseUrl, emails, adminEmail: ADMIN_EMAIL });
        if (wants('orders'))
          rows.push(await orders(`POST /api/order, ${BUYERS} buyers (PostgreSQL, 2 instances)`, bases, 1000));
        if (wants('checkout')) {
          const engine = 'PostgreSQL, 2 instances';
          rows.push(...(await checkoutRows({ bases, engine, firstBuyer: accounts.orders, databaseUrl })));
          const raceFrom = accounts.orders + accounts.checkout;
          rows.push(await raceRow({ bases, firstBuyer: raceFrom, databaseUrl }));
        }
        if (wants('cart')) rows.push(await addToCartRow({ bases, engine: 'PostgreSQL, 2 instances' }));
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
      if (wants('checkout')) rows.push(await deadlockRow(databaseUrl));
    });
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

rows.push(...tail);

console.log(
  `\n${new Date().toISOString().slice(0, 10)}: ${CONNECTIONS} connections, ${DURATION_S} s per load; ${ORDERS} orders\n`,
);
console.table(
  rows.map(({ figure, shop, bare, ratio, target, met }) => ({
    figure,
    shop,
    bare,
    ratio,
    target,
    'met?': met ? 'yes' : 'no',
  })),
);
