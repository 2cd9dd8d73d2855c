import { connect } from 'node:net';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { buildIfStale } from './scripts/build-if-stale.mjs';

const LOCAL_POSTGRES = { host: '127.0.0.1', port: 5432, url: 'postgres://postgres@127.0.0.1:5432/postgres' };

/** Whether something listens on the local PostgreSQL port; answers within a quarter second. */
function localPostgresListens(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: LOCAL_POSTGRES.host, port: LOCAL_POSTGRES.port });
    const finish = (listens: boolean) => {
      socket.destroy();
      resolve(listens);
    };
    socket.setTimeout(250, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

// `npm test` uses PostgreSQL whenever one is reachable (CI always has one): TEST_DATABASE_URL, or else
// a server listening on the local default port.
process.env.TEST_DATABASE_URL ||= (await localPostgresListens()) ? LOCAL_POSTGRES.url : '';

// The server's storefront tests render pages with the real web build: build it first if it is missing or
// older than its sources (a second or so when fresh).
buildIfStale(['web']);

// Files named *.postgres.test.ts only make sense on PostgreSQL (races: PGlite runs one transaction at a
// time) and *.pglite.test.ts only need one engine: each is collected by its own project alone, so
// neither project reports skipped tests.
//
// PGlite, the engine `npm start` uses, runs every API test. PostgreSQL runs them again where the engine
// matters (decision 064): the features whose SQL is the shop's own (stock, orders, checkout, cart, the
// catalogue and its search, payments settling orders, review aggregates, the activity log, the low-stock
// claims) and the database layer. The rest reach the database through plain reads and writes or Better
// Auth's adapter, or are not about it (pages, the API document, images, mail, logs, shutdown).
const ENGINE_SENSITIVE = [
  'db',
  'orders',
  'checkout',
  'cart',
  'tools',
  'categories',
  'payments',
  'product-reviews',
  'activity-log',
  'admin',
];
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${engine}`,
    root: './apps/server',
    include:
      engine === 'pglite'
        ? ['src/**/*.test.ts']
        : ['src/**/*.postgres.test.ts', `src/{${ENGINE_SENSITIVE.join(',')}}/**/*.test.ts`],
    exclude: [
      ...configDefaults.exclude,
      engine === 'pglite' ? 'src/**/*.postgres.test.ts' : 'src/**/*.pglite.test.ts',
    ],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: [`./src/test/${engine}-template.setup.ts`],
    // A worker imports the app once for all its files (decision 030): server modules keep no state.
    isolate: false,
    // Each file builds its own database; PostgreSQL round trips can take longer than the default.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

// The API tests run on embedded PGlite always, and a second time on PostgreSQL when
// TEST_DATABASE_URL names a server (each test file creates and drops its own database there).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on CI's 2 cores. Most server test
    // time is spent waiting on PostgreSQL and on sockets, so three workers keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: { name: 'e2e-support', include: ['e2e/support/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'web-scripts',
          include: ['apps/web/scripts/**/*.test.ts'],
          environment: 'node',
          // HarfBuzz and WOFF2 compression in WebAssembly, on cores the other projects keep busy.
          testTimeout: 30_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // One jsdom and one import of React, React Router and the app per worker, not per file: two
          // thirds of the project's time (decision 064). setup.ts empties the DOM, the request handlers
          // and the query cache after every test, and files undo their own stubs.
          isolate: false,
        },
      },
    ],
  },
});
