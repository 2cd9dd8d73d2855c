// Benchmark: GET /api/tools against a bare node:http server sending the same bytes, and the gzipped size
// of the JavaScript the home page loads. Run with `npm run bench` (builds first when needed).
//
// Targets (bench/README.md): throughput ratio shop/bare >= 0.8; home page JavaScript <= 100 kB gzipped.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SHOP_PORT = 4310;
const BARE_PORT = 4311;

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

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(label, url) {
  // A short warm-up so both servers are measured with a hot JIT.
  await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: 2 }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  const result = await load(url);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { label, rps: result.requests.average, p99: result.latency.p99 };
}

function homePageJavaScriptBytes() {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit('index.html');
  visit('src/features/home/pages/home-page.tsx');
  const sizes = [...files].map((file) => {
    const content = readFileSync(path.join(dist, file));
    return { file, raw: content.length, gzip: gzipSync(content).length };
  });
  return sizes;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-bench-'));
const shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(SHOP_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let bare;

try {
  await waitFor(`http://127.0.0.1:${SHOP_PORT}/api/health`);
  const sample = await fetch(`http://127.0.0.1:${SHOP_PORT}/api/tools`);
  const bodyFile = path.join(dataDir, 'tools.json');
  writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));
  bare = fork(path.join(root, 'bench/bare-server.mjs'), [
    String(BARE_PORT),
    bodyFile,
    sample.headers.get('content-type'),
  ]);
  await new Promise((resolve) => bare.once('message', resolve));

  const shopResult = await measure('shop GET /api/tools', `http://127.0.0.1:${SHOP_PORT}/api/tools`);
  const bareResult = await measure('bare node:http, same bytes', `http://127.0.0.1:${BARE_PORT}/`);

  console.log(`\nGET /api/tools, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  for (const { label, rps, p99 } of [shopResult, bareResult]) {
    console.log(
      `  ${label.padEnd(28)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${String(p99).padStart(4)} ms`,
    );
  }
  console.log(
    `  throughput ratio shop/bare: ${(shopResult.rps / bareResult.rps).toFixed(2)} (target >= 0.8)`,
  );

  if (!existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) throw new Error('web app not built');
  const sizes = homePageJavaScriptBytes();
  console.log('\nJavaScript the home page loads (gzip):');
  for (const { file, gzip } of sizes)
    console.log(`  ${file.padEnd(44)} ${(gzip / 1024).toFixed(1).padStart(7)} kB`);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(`  ${'total'.padEnd(44)} ${(total / 1024).toFixed(1).padStart(7)} kB (target <= 100 kB)`);
} finally {
  bare?.kill();
  shop.kill('SIGTERM');
  await new Promise((resolve) => shop.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
