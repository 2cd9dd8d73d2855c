// Issue 28's catalogue figures on 20,000 tools (decision 056): a search, the suggestions, a filtered
// /tools page, the whole catalogue of SPEC's GET /api/tools warm, and the sitemap's index and files, on
// embedded PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Each search and page asks for an address
// not asked before, so the response cache and the kept pages answer none of them: the database does.
// Run: node --import tsx bench/catalogue-search.mjs (after npm run build).
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../apps/server/src/db/client.ts';
import { percentile } from './probe.mjs';
import { startShop, withScratchDatabase } from './shop.mjs';

const TOOLS = Number(process.env.BENCH_TOOLS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_SEARCHES ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 5210);

// Names and descriptions as a repair shop's catalogue reads: a maker's word, a kind of tool, a number.
const SEED = `
  insert into tools (name, price_cents, img, description, minimum_order, on_hand, created_at)
  select
    (array['Precision', 'Digital', 'Compact', 'Pro', 'ESD-safe', 'Heavy-duty', 'Magnetic', 'Ceramic'])[1 + i % 8]
      || ' ' ||
    (array['multimeter', 'soldering iron', 'tweezers', 'screwdriver set', 'spudger', 'hot air station',
           'wire stripper', 'flush cutter', 'hex key set', 'crimping tool', 'pry tool kit', 'thermal paste',
           'cable tester', 'power meter', 'suction cup', 'project mat', 'wrist strap'])[1 + i % 17]
      || ' ' || (1000 + i),
    100 + (i * 37) % 20000,
    '/images/tools/thermal-paste.svg',
    'A tool for phone, laptop and console repairs, model ' || i || ', with a ' ||
      (array['magnetic case', 'steel tip', 'rubber grip', 'spare fuse', 'carry pouch'])[1 + i % 5] ||
      ' and a ' || (array['one-year', 'two-year', 'lifetime'])[1 + i % 3] || ' warranty.',
    1 + i % 10,
    i % 60,
    now() - make_interval(mins => i)
  from generate_series(1, $1::int) as i`;

// What buyers type: words, plurals, typos, beginnings of words (the suggestions as they type).
const TERMS = [
  'multimetre',
  'soldring',
  'tweezer',
  'screwdrivers',
  'spudger',
  'hot air',
  'stripper',
  'cutter',
  'hex',
  'crimp',
  'thermal pate',
  'cable tester',
  'power meter',
  'suction',
  'mat',
  'wrist strap',
  'magnetic case',
  'ceramic soldering',
  'precision screwdriver',
  'mult',
  'sold',
  'twee',
  'pry',
  'esd',
];

/** `count` addresses, none asked twice: each term, page or size differs. */
const distinct = (count, make) => Array.from({ length: count }, (_, i) => make(i));

/** Milliseconds to the answer's last byte, and its bytes as sent (not decompressed: a browser's share). */
function timed(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ ms: performance.now() - started, bytes })
            : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

async function measure(label, urls, headers) {
  const times = [];
  for (const url of urls) times.push((await timed(url, headers)).ms);
  const row = { figure: label, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(`  ${label}: n ${row.n}, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
  return row;
}

async function figures(base) {
  const rows = [];
  rows.push(
    await measure(
      'search GET /api/tools?q= (12 a page)',
      distinct(
        REQUESTS,
        (i) =>
          `${base}/api/tools?q=${encodeURIComponent(TERMS[i % TERMS.length])}&limit=12&page=${1 + Math.floor(i / TERMS.length)}`,
      ),
    ),
  );
  rows.push(
    await measure(
      'suggestions GET /api/tools?q=&limit=5',
      distinct(
        REQUESTS,
        (i) =>
          `${base}/api/tools?q=${encodeURIComponent(TERMS[i % TERMS.length])}&limit=5&page=${1 + Math.floor(i / TERMS.length)}`,
      ),
    ),
  );
  const sorts = ['price-asc', 'price-desc', 'name-asc', 'date-desc'];
  rows.push(
    await measure(
      'GET /api/tools?inStock=true&sort= (filtered)',
      distinct(
        REQUESTS,
        (i) => `${base}/api/tools?inStock=true&sort=${sorts[i % 4]}&limit=12&page=${1 + Math.floor(i / 4)}`,
      ),
    ),
  );
  rows.push(
    await measure(
      'page /tools?q= (rendered)',
      distinct(
        REQUESTS / 2,
        (i) =>
          `${base}/tools?q=${encodeURIComponent(TERMS[i % TERMS.length])}&page=${1 + Math.floor(i / TERMS.length)}`,
      ),
      { 'accept-encoding': 'br' },
    ),
  );
  rows.push(
    await measure(
      'page /tools?inStock=true&sort= (rendered)',
      distinct(
        REQUESTS / 2,
        (i) => `${base}/tools?inStock=true&sort=${sorts[i % 4]}&page=${1 + Math.floor(i / 4)}`,
      ),
      { 'accept-encoding': 'br' },
    ),
  );
  const whole = `${base}/api/tools`;
  const first = await timed(whole, { 'accept-encoding': 'br' });
  const identity = await timed(whole);
  console.log(
    `  GET /api/tools cold: ${first.ms.toFixed(0)} ms, ${(identity.bytes / 1e6).toFixed(1)} MB, br ${(first.bytes / 1e6).toFixed(2)} MB`,
  );
  for (const encoding of ['br', 'gzip']) {
    rows.push(
      await measure(
        `GET /api/tools whole, warm, ${encoding}`,
        distinct(50, () => whole),
        { 'accept-encoding': encoding },
      ),
    );
  }
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const sizes = await Promise.all(
    files.map(async (file) => (await timed(file.replace(/^https?:\/\/[^/]+/, base))).bytes),
  );
  console.log(
    `  sitemap: index of ${files.length} files, largest ${(Math.max(...sizes) / 1e6).toFixed(2)} MB`,
  );
  return rows;
}

async function seedPglite(dataDir) {
  const client = await PGlite.create(path.join(dataDir, 'db'), { extensions: pgliteExtensions });
  await client.query(SEED, [TOOLS]);
  await client.query('vacuum analyze tools');
  await client.close();
}

async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(SEED, [TOOLS]);
  await client.query('vacuum analyze tools');
  await client.end();
}

/** Starts the shop once to migrate and seed its database, adds the tools with it stopped, and measures. */
async function onEngine(label, env, seed) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-bench-search-'));
  try {
    await (await startShop({ port: PORT, dataDir, env })).stop();
    await seed(dataDir);
    const shop = await startShop({ port: PORT, dataDir, env });
    try {
      console.log(`${label}, ${TOOLS} tools:`);
      return await figures(shop.base);
    } finally {
      await shop.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await onEngine('PGlite', {}, seedPglite);
if (process.env.BENCH_DATABASE_URL) {
  await withScratchDatabase(process.env.BENCH_DATABASE_URL, (url) =>
    onEngine('PostgreSQL', { DATABASE_URL: url }, () => seedPostgres(url)),
  );
}
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
