// Benchmark: how much memory the shop on embedded PGlite holds after it starts, and whether it keeps
// growing under an ordinary mix of requests (decision 039). Run with `node bench/memory.mjs`.
//
// Starts the built shop (bench/shop.mjs) on a fresh temporary DATA_DIR and reads its resident memory
// (VmRSS of /proc/<pid>/status) once it has settled; opens the bench's accounts, stops it, marks them
// verified in its database, and starts it again on the same data (the second start's figure). Then runs
// six rounds of BENCH_MEMORY_ROUND_SECONDS (60) of mixed load (bench/mixed-load.mjs) and reads the memory
// after each. Prints a table; exits 1 when a start leaves more than 450 MB, or a round ends more than
// 10 % away from the first round's figure.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareCatalogue, runMixedLoad } from './mixed-load.mjs';
import { signIn, signUp, startShop, verifyInDatabase } from './shop.mjs';

const START_BOUND_MB = 450;
const DRIFT_BOUND = 0.1;
const ROUNDS = 6;
const ROUND_SECONDS = Number(process.env.BENCH_MEMORY_ROUND_SECONDS ?? 60);
// A running process keeps compiling for a few seconds after it answers (PGlite's WebAssembly is tiered up
// to optimized code): the figure after a start is read once that is done.
const SETTLE_MS = 5_000;
const CUSTOMERS = 4;
const CONNECTIONS = 8;
const IMAGES = 6;

const ADMIN = { email: 'bench-admin@example.com', address: '10.8.0.1' };
const customerAccount = (i) => ({ email: `bench-customer-${i}@example.com`, address: `10.8.1.${i + 1}` });

/** Resident memory of a process in MB, as the kernel counts it: `now` (VmRSS) and `peak` (VmHWM). */
function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))[1]);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** A port nobody listens on now: other benches on this machine may hold any fixed one. */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function startAndMeasure(dataDir) {
  const shop = await startShop({ port: await freePort(), dataDir });
  await settle();
  return { shop, memory: residentMb(shop.pid) };
}

const rows = [];
const addStartRow = (moment, memory) =>
  rows.push({
    moment,
    'RSS MB': memory.now,
    'peak MB': memory.peak,
    requests: '',
    '5xx/failed': '',
    bound: `≤ ${START_BOUND_MB}`,
    met: memory.now <= START_BOUND_MB,
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-memory-'));
try {
  // 1. A fresh start: initdb, every migration, the demo seed.
  const fresh = await startAndMeasure(dataDir);
  addStartRow('fresh start (migrate, seed)', fresh.memory);
  const accounts = [ADMIN, ...Array.from({ length: CUSTOMERS }, (_, i) => customerAccount(i))];
  for (const account of accounts) await signUp({ base: fresh.shop.base, ...account });
  await fresh.shop.stop();
  await verifyInDatabase({
    pgliteDir: path.join(dataDir, 'db'),
    emails: accounts.map((account) => account.email),
    adminEmail: ADMIN.email,
  });

  // 2. The same data started again.
  const { shop, memory } = await startAndMeasure(dataDir);
  addStartRow('second start (same data)', memory);
  const { base } = shop;
  const catalogue = await prepareCatalogue({ base, admin: { base, ...ADMIN }, imageCount: IMAGES });
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const account = customerAccount(i);
    customers.push({ ...account, cookie: await signIn({ base, ...account }) });
  }

  // 3. Rounds of mixed load, each held against the first.
  let first;
  for (let round = 1; round <= ROUNDS; round++) {
    const tally = await runMixedLoad({
      base,
      catalogue,
      customers,
      connections: CONNECTIONS,
      seconds: ROUND_SECONDS,
    });
    const after = residentMb(shop.pid);
    first ??= after.now;
    const low = Math.round(first * (1 - DRIFT_BOUND));
    const high = Math.round(first * (1 + DRIFT_BOUND));
    rows.push({
      moment: `round ${round} (${ROUND_SECONDS} s)`,
      'RSS MB': after.now,
      'peak MB': after.peak,
      requests: tally.requests,
      '5xx/failed': tally.failures,
      bound: round === 1 ? 'the reference' : `${low}–${high}`,
      met: after.now >= low && after.now <= high,
    });
  }
  await shop.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.table(rows);
const passed = rows.filter((row) => !row.met).map((row) => row.moment);
if (passed.length > 0) {
  console.error(`Memory bound passed: ${passed.join('; ')}`);
  process.exit(1);
}
console.log('Every memory bound met.');
