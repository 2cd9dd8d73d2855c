// Benchmark: can a few wide JSON bodies stall the shop? (decision 034). Run with
// `node bench/stall-auth-json.mjs`; exits 1 when a bound is passed.
//
// Starts the built shop (PGlite, a fresh temporary DATA_DIR) and, for BENCH_SECONDS (5) each, sends five
// parallel streams of a 650 kB body of 60,000 keys, anonymously, first to /api/auth/sign-up/email, then
// to POST /api/order (one of the shop's own JSON routes), each stream sending its next body as soon as
// the last was answered, from a worker thread (so that the flood's own work does not delay the probes).
// Meanwhile /robots.txt is probed one request at a time (bench/probe.mjs), and for as long before the
// attacks, with none, for comparison. Bound: probe p99 ≤ 100 ms during each attack.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { percentile, probeDuring, reportBound } from './probe.mjs';
import { startShop } from './shop.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4341);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STREAMS = 5;
const KEYS = 60_000;
const BOUND_MS = 100;

/** `{"k00000":1,…}`: 60,000 keys, about 650 kB. */
const wideBody = `{${Array.from({ length: KEYS }, (_, i) => `"k${String(i).padStart(5, '0')}":1`).join(',')}}`;

/** Sends `wideBody` to `url` again and again on `STREAMS` parallel streams for SECONDS; counts answers. */
async function flood(url, headers) {
  const statuses = new Map();
  const deadline = Date.now() + SECONDS * 1000;
  const stream = async () => {
    while (Date.now() < deadline) {
      let status;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: wideBody,
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // The shop may close the connection on a body it refuses before reading it.
        status = 'closed';
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: STREAMS }, stream));
  return statuses;
}

/** Probes while a worker thread floods `url`. */
async function measure(label, base, url, headers) {
  let statuses;
  const times = await probeDuring(base, async () => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { url, headers } });
    [statuses] = await Promise.all([
      new Promise((resolve) => worker.once('message', resolve)),
      new Promise((resolve) => worker.once('exit', resolve)),
    ]);
  });
  console.log(`${label}: answers ${JSON.stringify(statuses)}`);
  return reportBound(label, times, BOUND_MS);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-stall-json-'));
  const shop = await startShop({ port: PORT, dataDir });
  try {
    const { base } = shop;
    console.log(
      `body: ${KEYS} keys, ${(wideBody.length / 1024).toFixed(0)} kB; ${STREAMS} streams, ${SECONDS} s each`,
    );
    // The shared machine's own noise, for reading the figures below: the same probes with no attack.
    const quiet = await probeDuring(
      base,
      () => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)),
    );
    console.log(
      `no attack: ${quiet.length} probes, median ${percentile(quiet, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(quiet, 99).toFixed(1)} ms`,
    );
    await measure('anonymous → /api/auth/sign-up/email', base, `${base}/api/auth/sign-up/email`, {
      origin: base,
      'x-forwarded-for': '10.0.0.1',
    });

    // Every other JSON route is behind a session: anonymously, it is refused before its body is read.
    await measure('anonymous → POST /api/order', base, `${base}/api/order`, {
      origin: base,
      'x-forwarded-for': '10.0.0.2',
    });
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else parentPort.postMessage(Object.fromEntries(await flood(workerData.url, workerData.headers)));
