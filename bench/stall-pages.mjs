// Decision 035: can anonymous visitors stall the shop by asking for server-rendered pages nobody kept?
// 20 clients, each from its own address (the shop runs behind one trusted proxy here, TRUST_PROXY), loop
// over the home page and the catalogue with a query string never seen before (`/?v=N`, `/tools?q=wordN`)
// for BENCH_DURATION ms, while a bystander asks for /robots.txt. Bound: the bystander's p99 ≤ 100 ms; the
// script exits 1 when it is passed. BENCH_ONE_ADDRESS=1 sends every client from the same address.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile, probeDuring, reportBound } from './probe.mjs';
import { startShop } from './shop.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4324);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10_000);
const BOUND_MS = 100;
const oneAddress = process.env.BENCH_ONE_ADDRESS === '1';

/** One GET as a browser sends it (HTML, compressed), answered with its status and time. */
function get(base, url, address) {
  const start = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      `${base}${url}`,
      {
        agent: false,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip', 'x-forwarded-for': address },
      },
      (response) => {
        response
          .on('end', () => resolve({ status: response.statusCode, ms: performance.now() - start }))
          .resume();
      },
    );
    request.on('error', () => resolve({ status: 'socket error', ms: performance.now() - start }));
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-stall-pages-'));
const shop = await startShop({ port: PORT, dataDir });
try {
  // Warm: the kept home page and the server build are loaded before the clock starts.
  await get(shop.base, '/', '203.0.113.1');
  await get(shop.base, '/tools', '203.0.113.1');

  const answers = [];
  let sequence = 0;
  const attack = async () => {
    const until = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const address = oneAddress ? '198.51.100.1' : `198.51.100.${client + 1}`;
        while (Date.now() < until) {
          sequence += 1;
          answers.push(await get(shop.base, `/?v=${sequence}`, address));
          answers.push(await get(shop.base, `/tools?q=word${sequence}`, address));
        }
      }),
    );
  };
  const probes = await probeDuring(shop.base, attack);

  const byStatus = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const times = answers.map(({ ms }) => ms);
  console.log(
    `${CLIENTS} clients (${oneAddress ? 'one address' : 'one address each'}), ${DURATION_MS} ms: ` +
      `${answers.length} pages asked, by status ${JSON.stringify(byStatus)}, ` +
      `their median ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
  reportBound('GET /robots.txt during the page flood', probes, BOUND_MS);
} finally {
  await shop.stop();
  await rm(dataDir, { recursive: true, force: true });
}
