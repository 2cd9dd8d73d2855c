// `npm run bench`: every figure of bench/README.md in one run, each shop figure beside a bare node:http
// server sending the same bytes, then sustained orders on PGlite and (with BENCH_DATABASE_URL) on
// PostgreSQL behind two shop instances. Targets live here, never in timed tests.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { lighthouseRows } from './lighthouse.mjs';
import { root, signIn, signUp, startShop, verifyInDatabase, withScratchDatabase } from './shop.mjs';
import { MAX_UNPAID_ORDERS_PER_ACCOUNT } from '../packages/shared/src/constants.ts';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Connections placing orders at once (decision 017: 32 buyers). */
const BUYERS = 32;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const STOCK = 1_000_000;
/** `BENCH_ONLY=orders`: the order figures alone, for work on the write path. */
const ORDERS_ONLY = process.env.BENCH_ONLY === 'orders';
const ADMIN_EMAIL = 'bench-admin@example.com';
const [SHOP_PORT, SECOND_SHOP_PORT, BARE_PORT] = [4310, 4312, 4311];

const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

/** 2 s of warm-up so both servers are measured with a hot JIT, then the measured run. */
async function load(url, headers) {
  await run({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await run({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The exact bytes and headers the shop answers, undecoded (fetch would decompress them). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

// Headers node:http writes itself (or per connection): the bare server gets its own, not the shop's copy.
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Shop against a bare node:http server sending the same bytes: the same body and the same headers
 * (security headers, ETag, Vary, type, encoding), so the ratio measures what the shop's request pipeline
 * costs, not how many header bytes it chose to send.
 */
async function compare(workDir, { figure, url, headers = {}, target, p99Target }) {
  const sample = await rawGet(url, headers);
  const bodyFile = path.join(workDir, 'bare-body');
  const headersFile = path.join(workDir, 'bare-headers.json');
  writeFileSync(bodyFile, sample.body);
  writeFileSync(
    headersFile,
    JSON.stringify(
      Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name))),
    ),
  );
  const bare = fork(path.join(root, 'bench/bare-server.mjs'), [String(BARE_PORT), bodyFile, headersFile]);
  try {
    await new Promise((resolve) => bare.once('message', resolve));
    const shop = await load(url, headers);
    const baseline = await load(`http://127.0.0.1:${BARE_PORT}/`, headers);
    const ratio = shop.rps / baseline.rps;
    const met = ratio >= target && (p99Target === undefined || shop.p99 <= p99Target);
    return {
      figure,
      shop: `${fmt(shop.rps)} req/s, p99 ${shop.p99} ms`,
      bare: `${fmt(baseline.rps)} req/s, p99 ${baseline.p99} ms`,
      ratio: ratio.toFixed(2),
      target: `≥ ${target}${p99Target === undefined ? '' : `, p99 ≤ ${p99Target} ms`}`,
      met,
      encoding: sample.headers['content-encoding'] ?? 'identity',
      bytes: sample.body.length,
    };
  } finally {
    bare.kill();
  }
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

// A customer may hold at most MAX_UNPAID_ORDERS_PER_ACCOUNT unpaid orders (decision 015), so the orders
// come from that many fewer accounts than orders, rotated through by the BUYERS connections.
const ACCOUNTS = Math.ceil(ORDERS / MAX_UNPAID_ORDERS_PER_ACCOUNT);
const buyerEmail = (i) => `bench-buyer-${i}@example.com`;
// Each its own valid IPv4 address (10.2.0.0 onwards): an octet over 255 is no address, and Better Auth
// would count every such buyer in one shared bucket.
const buyerAddress = (i) => `10.${2 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
const ADMIN_ADDRESS = '10.1.0.1';

/**
 * `work(i)` for every i below `count`, a few at a time: password hashing runs on the shop's thread pool,
 * so accounts are made in parallel rather than one core at a time.
 */
async function forEachAccount(count, work) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results;
}

async function signUpEveryone(base) {
  await signUp({ base, email: ADMIN_EMAIL, address: ADMIN_ADDRESS });
  await forEachAccount(ACCOUNTS, (i) => signUp({ base, email: buyerEmail(i), address: buyerAddress(i) }));
  return [ADMIN_EMAIL, ...Array.from({ length: ACCOUNTS }, (_, i) => buyerEmail(i))];
}

async function addToolWithBigStock(base) {
  const cookie = await signIn({ base, email: ADMIN_EMAIL, address: ADMIN_ADDRESS });
  const response = await fetch(`${base}/api/tools`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      name: 'Bench bit set',
      price: 1,
      img: '/images/tools/precision-screwdriver-set.svg',
      description: 'Stock for the order benchmark.',
      minimumOrder: 1,
      availableQuantity: STOCK,
    }),
  });
  if (response.status !== 201) throw new Error(`add tool: ${response.status} ${await response.text()}`);
  return (await response.json())._id;
}

/**
 * ORDERS orders of one unit on BUYERS connections spread over `bases`; each request comes from the next
 * of ACCOUNTS signed-in customers, so none goes past its bound of unpaid orders.
 */
async function orders(figure, bases, target) {
  const toolId = await addToolWithBigStock(bases[0]);
  const cookies = await forEachAccount(ACCOUNTS, (i) =>
    signIn({ base: bases[0], email: buyerEmail(i), address: buyerAddress(i) }),
  );
  let next = 0;
  const started = performance.now();
  const results = await Promise.all(
    bases.map((base) => {
      const headers = { 'content-type': 'application/json', origin: base };
      return run({
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
  const seconds = (performance.now() - started) / 1000;
  const acknowledged = results.reduce((sum, r) => sum + r['2xx'], 0);
  const serverErrors = results.reduce((sum, r) => sum + r['5xx'], 0);
  const otherFailures = results.reduce((sum, r) => sum + r.non2xx - r['5xx'] + r.errors, 0);
  const tool = await (await fetch(`${bases[0]}/api/tools/${toolId}`)).json();
  const sold = STOCK - tool.availableQuantity;
  const rate = acknowledged / seconds;
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
 * build stores them.
 */
async function homePageJavaScriptKb(base) {
  const html = (await rawGet(`${base}/`, {})).body.toString();
  // The page's one inline starter (decision 027, with decision 035's nonce) carries the preloads and the
  // module's text, whose imports are JSON-escaped: every script of the build it names is under /assets/.
  const files = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
  if (files.size === 0) throw new Error('the home page names no script of the build');
  const client = path.join(root, 'apps/web/dist/client');
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length,
    0,
  );
  return bytes / 1024;
}

/** The largest script of the build: the asset figure's worst case. */
function largestBundle() {
  const assets = path.join(root, 'apps/web/dist/client/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size)[0].name;
}

const rows = [];
let homeJavaScript;
let lighthouse = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'toolshop-bench-'));
try {
  const dataDir = path.join(workDir, 'pglite');
  const env = { ADMIN_EMAILS: ADMIN_EMAIL };
  const signingUp = await startShop({ port: SHOP_PORT, dataDir, env });
  let emails;
  try {
    emails = await signUpEveryone(signingUp.base);
  } finally {
    await signingUp.stop();
  }
  await verifyInDatabase({ pgliteDir: path.join(dataDir, 'db'), emails, adminEmail: ADMIN_EMAIL });
  const shop = await startShop({ port: SHOP_PORT, dataDir, env });
  try {
    const base = shop.base;
    if (!ORDERS_ONLY) {
      const bundle = largestBundle();
      rows.push(
        await compare(workDir, {
          figure: 'GET /api/tools (PGlite)',
          url: `${base}/api/tools`,
          target: 0.8,
          p99Target: 20,
        }),
      );
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
      rows.push(
        await compare(workDir, { figure: 'GET /api/config', url: `${base}/api/config`, target: 0.8 }),
      );
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
      lighthouse = await lighthouseRows(base, ['/', '/tools', `/tools/${firstTool._id}`]);
      const kb = await homePageJavaScriptKb(base);
      homeJavaScript = {
        figure: 'home page JavaScript (gzip)',
        shop: `${kb.toFixed(1)} kB`,
        bare: '—',
        ratio: '—',
        target: '≤ 100 kB',
        met: kb <= 100,
      };
    }
    rows.push(await orders(`POST /api/order, ${BUYERS} buyers (PGlite)`, [base]));
  } finally {
    await shop.stop();
  }

  if (process.env.BENCH_DATABASE_URL) {
    await withScratchDatabase(process.env.BENCH_DATABASE_URL, async (databaseUrl) => {
      const env = { DATABASE_URL: databaseUrl, ADMIN_EMAILS: ADMIN_EMAIL };
      const pgDataDir = path.join(workDir, 'postgres');
      // One after the other: the first applies the migrations.
      const first = await startShop({ port: SHOP_PORT, dataDir: pgDataDir, env });
      const second = await startShop({ port: SECOND_SHOP_PORT, dataDir: pgDataDir, env });
      try {
        const emails = await signUpEveryone(first.base);
        await verifyInDatabase({ databaseUrl: env.DATABASE_URL, emails, adminEmail: ADMIN_EMAIL });
        rows.push(
          await orders(
            `POST /api/order, ${BUYERS} buyers (PostgreSQL, 2 instances)`,
            [first.base, second.base],
            1000,
          ),
        );
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
    });
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

if (homeJavaScript) rows.push(homeJavaScript, ...lighthouse);

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
