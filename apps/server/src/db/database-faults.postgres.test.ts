import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { createTool, stockLevelsOf } from '../test/catalogue';
import { startDatabaseProxy } from '../test/database-proxy';
import { orders, user } from './schema';

// These faults exist only on a PostgreSQL server (file name): embedded PGlite has no connection to lose.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
// Compiling the server on the fly, migrating and seeding take a while on a busy machine.
const SERVER_START_TIMEOUT_MS = 120_000;

interface Outcome {
  what: string;
  status: number | 'socket error';
  code?: string;
  retryAfter?: string | null;
}

/** The real server in a child process: an uncaught exception ends it, which is what these tests watch. */
interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-faults-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it says it listens; a server that dies while starting fails here, with what it printed.
  const listening = new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      // Only the tail is kept for failure messages: each request is logged.
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Server listening at')) resolve();
    };
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', onOutput);
    void exited.then(() => reject(new Error(`the server exited while starting:\n${output}`)));
  });
  await listening;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the server as the web app does: same origin, session cookie. */
function call(server: ServerProcess, cookie: string, url: string, init: RequestInit = {}) {
  return fetch(`${server.url}${url}`, {
    ...init,
    headers: {
      origin: `http://localhost:${new URL(server.url).port}`,
      'content-type': 'application/json',
      cookie,
      ...init.headers,
    },
  });
}

async function outcome(what: string, request: Promise<Response>): Promise<Outcome & { body?: unknown }> {
  try {
    const response = await request;
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
    return {
      what,
      status: response.status,
      code: body?.error?.code,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch {
    return { what, status: 'socket error' };
  }
}

/** A customer with a verified address, signed in on `server`. */
async function signedInCustomer(server: ServerProcess, db: Awaited<ReturnType<typeof createTestDatabase>>) {
  const email = `faults-${Date.now().toString(36)}@example.com`;
  const password = 'correct horse battery';
  const signUp = await call(server, '', '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ name: 'Fay Faults', email, password }),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  await db.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signIn = await call(server, '', '/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status, await signIn.text()).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/** What a client may see while the database comes and goes: a normal answer, or 503 database_unavailable. */
function isAcceptable({ status, code, retryAfter }: Outcome): boolean {
  if (status === 'socket error') return false;
  if (status === 503) return code === 'database_unavailable' && Boolean(retryAfter);
  return status < 500;
}

describe('when PostgreSQL terminates the shop’s connections under load', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer(database.url!);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
    await database?.close();
  });

  it('keeps the process alive, answers 503 database_unavailable meanwhile, and serves again after', async () => {
    const customer = await signedInCustomer(server, database);
    const tools = (await (await call(server, '', '/api/tools')).json()) as {
      _id: string;
      minimumOrder: number;
    }[];
    expect(tools.length).toBeGreaterThan(0);
    const placeOrder = (tool: (typeof tools)[number]) =>
      call(server, customer.cookie, '/api/order', {
        method: 'POST',
        body: JSON.stringify({ toolId: tool._id, quantity: tool.minimumOrder, address: 'Dock 4', phone: '' }),
      });

    const outcomes: Outcome[] = [];
    let stopped = false;
    let completed = 0;
    let onProgress = () => {};
    const record = (result: Outcome) => {
      outcomes.push(result);
      completed += 1;
      onProgress();
    };

    // Reads, orders and their payments, the customer's orders and health, from six clients at once.
    const worker = async (offset: number) => {
      for (let round = offset; !stopped; round += 1) {
        const tool = tools[round % tools.length]!;
        record(await outcome('GET /api/tools', call(server, '', '/api/tools')));
        record(await outcome('GET /api/tools/:id', call(server, '', `/api/tools/${tool._id}`)));
        const placed = await outcome('POST /api/order', placeOrder(tool));
        record(placed);
        if (placed.status === 201) {
          const orderId = (placed.body as { _id: string })._id;
          record(
            await outcome(
              'POST /api/payment/:id/demo',
              call(server, customer.cookie, `/api/payment/${orderId}/demo`, {
                method: 'POST',
                body: JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
              }),
            ),
          );
        }
        record(
          await outcome(
            'GET /api/order/:email',
            call(server, customer.cookie, `/api/order/${customer.email}`),
          ),
        );
        record(await outcome('GET /api/health', call(server, '', '/api/health')));
      }
    };
    const workers = Array.from({ length: 6 }, (_, index) => worker(index));

    // Eight times, once the load has moved on by fifteen answers, every backend of the shop is killed.
    const nextAnswers = (count: number) =>
      new Promise<void>((resolve) => {
        const target = completed + count;
        onProgress = () => {
          if (completed >= target) resolve();
        };
      });
    for (let fault = 0; fault < 8; fault += 1) {
      await nextAnswers(15);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(database.url!).pathname.slice(1)],
      );
    }
    await nextAnswers(15);
    stopped = true;
    await Promise.all(workers);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(
      outcomes.filter((result) => !isAcceptable(result)),
      server.output(),
    ).toEqual([]);
    // The faults did reach requests in flight (not only idle connections).
    expect(outcomes.some((result) => result.status === 503)).toBe(true);

    // Reconnected by itself: health, reads and the customer's orders succeed again; an order is answered.
    expect((await call(server, '', '/api/health')).status).toBe(200);
    expect((await call(server, '', '/api/tools')).status).toBe(200);
    expect((await call(server, customer.cookie, `/api/order/${customer.email}`)).status).toBe(200);
    // Business rules may refuse it (stock, the unpaid-order limit), but never as a fault.
    const after = await outcome('POST /api/order', placeOrder(tools[0]!));
    expect(after.status, JSON.stringify(after.body)).not.toBe('socket error');
    expect(after.status as number, JSON.stringify(after.body)).toBeLessThan(500);
  });
});

describe('when PostgreSQL stops answering without closing the connection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(new URL(database.url!));
    server = await startServer(proxy.url(), {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '6000',
    });
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  it('answers 503 within the configured timeouts, and serves again once the database answers', async () => {
    const customer = await signedInCustomer(server, database);
    const ownOrders = () =>
      outcome('GET /api/order/:email', call(server, customer.cookie, `/api/order/${customer.email}`));
    expect((await ownOrders()).status).toBe(200);

    proxy.stall();
    // Health gives up on its own after 2 s, well before the 6 s query timeout could answer for it.
    const healthStarted = Date.now();
    const health = await outcome('GET /api/health', call(server, '', '/api/health'));
    expect(health).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: '5' });
    expect(Date.now() - healthStarted).toBeLessThan(4_000);

    // Requests give up at the query timeout (6 s), or the connection timeout (1 s) for a new connection.
    const started = Date.now();
    const [orders, placed] = await Promise.all([
      ownOrders(),
      outcome(
        'POST /api/order',
        call(server, customer.cookie, '/api/order', {
          method: 'POST',
          body: JSON.stringify({ tool: 'none', quantity: 1, address: 'Dock 4', phone: '' }),
        }),
      ),
    ]);
    expect(orders).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: '5' });
    expect(placed).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: '5' });
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(server.child.exitCode, server.output()).toBeNull();

    proxy.resume();
    expect((await call(server, '', '/api/health')).status).toBe(200);
    expect((await ownOrders()).status).toBe(200);
  }, 30_000);
});

describe('when an order waits longer than the query timeout', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer(database.url!, { DATABASE_QUERY_TIMEOUT_MS: '1500' });
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('answers 503 and places nothing, even once the wait is over', async () => {
    const customer = await signedInCustomer(server, database);
    const tool = await createTool(database.db, { minimumOrder: 1, onHand: 10 });
    // Another session holds the tool's row, as a slow writer would.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from tools where id = $1 for update', [tool.id]);
      const placed = await outcome(
        'POST /api/order',
        call(server, customer.cookie, '/api/order', {
          method: 'POST',
          body: JSON.stringify({ toolId: tool.id, quantity: 1, address: 'Dock 4', phone: '' }),
        }),
      );
      expect(placed).toMatchObject({ status: 503, code: 'database_unavailable' });
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    // Had the shop only stopped waiting, its statement would go on once the row is free, and commit.
    const orderStatementsRunning = async () => {
      const running = await database.db.execute(
        sql`select 1 from pg_stat_activity where state = 'active' and query ilike '%place_orders%'
            and pid <> pg_backend_pid()`,
      );
      return (running as unknown as { rows: unknown[] }).rows.length;
    };
    await expect.poll(orderStatementsRunning).toBe(0);
    const [buyer] = await database.db.select().from(user).where(eq(user.email, customer.email));
    expect(await database.db.select().from(orders).where(eq(orders.userId, buyer!.id))).toEqual([]);
    expect(await stockLevelsOf(database.db, tool.id)).toEqual({ onHand: 10, reserved: 0 });
  }, 30_000);
});
