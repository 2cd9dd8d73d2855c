// Whether server-rendered pages are collected once answered (issue 24, decisions 039 and its amendment):
// renders BENCH_RENDERS (300) pages of the built web app through React Router's request handler, as the
// server does, then forces collections and counts the web streams still alive. Each rendering makes two
// (React's body and React Router's `serverHandoffStream`); a leak keeps both, and through them the page's
// props and context. Bound: fewer than one stream in ten renders left; exits 1 when passed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { root } from './shop.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

let alive = 0;
const streams = new FinalizationRegistry(() => alive--);
const WebReadableStream = globalThis.ReadableStream;
globalThis.ReadableStream = class ReadableStream extends WebReadableStream {
  constructor(...args) {
    super(...args);
    alive++;
    streams.register(this, undefined);
  }
};

// The server's own copy of React Router (apps/server) and the web app's build, as storefront/pages.ts has them.
const { createRequestHandler } = await import(
  pathToFileURL(path.join(root, 'apps/server/node_modules/react-router/dist/production/index.mjs')).href
);
const build = await import(pathToFileURL(path.join(root, 'apps/web/dist/server/index.js')).href);
const handle = createRequestHandler(build, 'production');
// A page no loader reads data for (the not-found page): the retention does not depend on the data.
const context = {
  storefront: {
    publicUrl: 'http://127.0.0.1',
    nonce: 'bench',
    get: async () => ({ status: 404, body: {} }),
    user: async () => null,
  },
};

const renders = Number(process.env.BENCH_RENDERS ?? 300);
for (let i = 0; i < renders; i++) {
  const response = await handle(
    new Request(`http://127.0.0.1/no-such-page?v=${i}`, { headers: { accept: 'text/html' } }),
    context,
  );
  await response.text();
}
for (let i = 0; i < 5; i++) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const heapMb = (process.memoryUsage().heapUsed / 1048576).toFixed(1);
console.log(`${renders} renders: ${alive} web streams still alive after collection, heapUsed ${heapMb} MB`);
if (alive * 10 >= renders) {
  console.error('bound passed: rendered pages are retained');
  process.exit(1);
}
