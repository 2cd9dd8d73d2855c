// Each HTTP figure against a bare node:http server sending the same bytes (decision 017).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { autocannonRun, fmt } from './load.mjs';
import { root } from './shop.mjs';

export const CONNECTIONS = 100;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** `BENCH_PORT` (4310): the shop's port; the bare server's is the next, the second shop's the one after. */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 4310);
const BARE_PORT = BENCH_PORT + 1;

/** 2 s of warm-up so both servers are measured with a hot JIT, then the measured run. */
async function load(url, headers) {
  await autocannonRun({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannonRun({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The exact bytes and headers the shop answers, undecoded (fetch would decompress them). */
export function rawGet(url, headers) {
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
export async function compare(workDir, { figure, url, headers = {}, target, p99Target }) {
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
