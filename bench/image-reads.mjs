// Benchmark: does reading the largest image the shop stores hold up other requests? (decision
// 016). Run with `node bench/image-reads.mjs`; set BENCH_DATABASE_URL (a PostgreSQL server the
// script may create a scratch database on) to measure PostgreSQL too.
//
// For each engine: starts the server from source (tsx apps/server/src/main.ts) on a fresh temporary
// DATA_DIR, signs a customer up, uploads a 1200 × 1200 image of random noise (the largest the shop stores),
// then runs BENCH_ROUNDS rounds of 10 parallel reads of it while timing one GET /api/health per round.
// Target: /api/health under 50 ms on both engines.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { confirmFromOutbox, signIn, signUp, withScratchDatabase } from './shop.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4320;
const BASE = `http://127.0.0.1:${PORT}`;
const PARALLEL_READS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Milliseconds until the whole answer arrived; node:http, whose bytes are dropped as they come in, keeps
 * the load generator's own work (it shares the machine) small. */
function timed(url) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        response.on('end', () => resolve(performance.now() - start)).resume();
      })
      .on('error', reject);
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values) =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

async function uploadLargestImage(dataDir) {
  const account = { base: BASE, email: 'bench@example.com', address: '127.0.0.1' };
  await signUp(account);
  await confirmFromOutbox({ ...account, dataDir });
  const cookie = await signIn(account);
  const origin = { origin: BASE };

  const side = 1200;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'noise.png');
  const upload = await fetch(`${BASE}/api/uploads`, {
    method: 'POST',
    headers: { cookie, ...origin },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  return (await upload.json()).data.url;
}

async function measure(label, extraEnv) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-bench-images-'));
  const shop = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...extraEnv,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${BASE}/api/health`);
    const url = await uploadLargestImage(dataDir);
    const first = await timed(`${BASE}${url}`);
    const size = (await (await fetch(`${BASE}${url}`)).arrayBuffer()).byteLength;

    const idle = [];
    for (let i = 0; i < ROUNDS; i += 1) idle.push(await timed(`${BASE}/api/health`));

    const health = [];
    const reads = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const burst = Array.from({ length: PARALLEL_READS }, () => timed(`${BASE}${url}`));
      health.push(await timed(`${BASE}/api/health`));
      reads.push(...(await Promise.all(burst)));
    }

    console.log(`\n${label}: stored image ${(size / 1024).toFixed(0)} kB, first read ${first.toFixed(1)} ms`);
    console.log(`  /api/health idle                           ${summary(idle)}`);
    console.log(
      `  /api/health during ${PARALLEL_READS} parallel image reads   ${summary(health)} (target < 50 ms)`,
    );
    console.log(`  each image read                            ${summary(reads)}`);
  } finally {
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${ROUNDS} rounds of ${PARALLEL_READS} parallel reads of the largest stored image`);
await measure('PGlite (embedded)', {});

if (process.env.BENCH_DATABASE_URL) {
  await withScratchDatabase(process.env.BENCH_DATABASE_URL, (databaseUrl) =>
    measure('PostgreSQL', { DATABASE_URL: databaseUrl }),
  );
}
