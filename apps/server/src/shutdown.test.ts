import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client';
import { createTestDatabase } from './test/test-database';

// Decision 038: SIGTERM ends the process within 10 s (the shop's promise, under the 30 s grace of common
// orchestrators), even while clients hold keep-alive connections open. A real `npm start` process.
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const CONTRACT_MS = 10_000;
// A start (build when stale, migrate, seed) takes seconds, more on a busy machine: the bound is the shutdown's.
const STARTUP_MS = 120_000;
const SIGN_IN = JSON.stringify({ email: 'nobody@example.com', password: 'not a real password' });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** This project's engine for the shop: a fresh PostgreSQL database, or a PGlite DATA_DIR begun migrated. */
async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    return { DATABASE_URL: database.url! };
  }
  const dump = new Blob([await readFile(inject('migratedPgliteDump'))]);
  await (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), startFrom: dump })).close();
  return {};
}

interface Shop {
  child: ChildProcess;
  base: URL;
  exited: Promise<number | null>;
  /** Resolves with the first log line that `matches`. */
  logged(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-shutdown-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...(await databaseEnv(dataDir)),
      ...env,
      NODE_ENV: 'production',
      // `debug` logs each request's arrival: how a test knows a request in flight has reached the server.
      LOG_LEVEL: 'debug',
      PORT: '0',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });

  const lines: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const text = partial + chunk;
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line));
    waiting.forEach((check) => check());
  });
  const logged: Shop['logged'] = (matches) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(matches);
        if (found) {
          waiting.delete(check);
          resolve(found);
        }
      };
      waiting.add(check);
      void exited.then(() => reject(new Error('the shop exited before logging what was awaited')));
      check();
    });

  const listening = await logged((line) => /^Server listening at /.test(String(line.msg)));
  const base = new URL(String(listening.msg).replace('Server listening at ', ''));
  return { child, base, exited, logged };
}

/** Waits for `promise`, but not past the shutdown contract. */
function withinContract<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not within ${CONTRACT_MS} ms of SIGTERM`)),
      CONTRACT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Keep-alive connections that each got an answer and now sit idle. */
async function idleConnections(shop: Shop, agent: http.Agent, count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const request = http.get(new URL('/robots.txt', shop.base), { agent }, (response) => {
            response.resume().on('end', () => resolve(request.socket!));
          });
          request.on('error', reject);
        }),
    ),
  );
}

/** A sign-in whose headers have reached the server, its body only half sent. */
async function requestInFlight(shop: Shop, agent: http.Agent) {
  const request = http.request(new URL('/api/auth/sign-in/email', shop.base), {
    agent,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(SIGN_IN),
      origin: shop.base.origin,
    },
  });
  const answer = (once(request, 'response') as Promise<[http.IncomingMessage]>).then(async ([response]) => {
    let body = '';
    for await (const chunk of response.setEncoding('utf8')) body += chunk;
    return { status: response.statusCode, connection: response.headers.connection, body };
  });
  answer.catch(() => {});
  request.write(SIGN_IN.slice(0, 10));
  await shop.logged((line) => (line.req as { url?: string } | undefined)?.url === '/api/auth/sign-in/email');
  return { finish: () => request.end(SIGN_IN.slice(10)), answer };
}

describe('SIGTERM', () => {
  it(
    'closes idle keep-alive connections at once, answers the request in flight, and exits',
    { timeout: STARTUP_MS },
    async () => {
      const shop = await startShop();
      const idle = await idleConnections(shop, new http.Agent({ keepAlive: true }), 3);
      const busy = await requestInFlight(shop, new http.Agent({ keepAlive: true }));

      shop.child.kill('SIGTERM');
      await withinContract(
        Promise.all(idle.map((socket) => once(socket, 'close'))),
        'idle connections closed',
      );
      busy.finish();
      const answer = await withinContract(busy.answer, 'the request in flight answered');
      const exitCode = await withinContract(shop.exited, 'the process exited');

      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect(answer.connection).toBe('close');
      expect(exitCode).toBe(0);
    },
  );

  it(
    'exits after SHUTDOWN_GRACE_MS, saying why, when a client never finishes its request',
    { timeout: STARTUP_MS },
    async () => {
      const shop = await startShop({ SHUTDOWN_GRACE_MS: '500' });
      await requestInFlight(shop, new http.Agent({ keepAlive: true }));

      shop.child.kill('SIGTERM');
      const exitCode = await withinContract(shop.exited, 'the process exited');

      expect(exitCode).toBe(1);
      expect(await shop.logged((line) => /grace period over/.test(String(line.msg)))).toMatchObject({
        step: 'closing the server (answers in flight)',
        openConnections: 1,
      });
    },
  );
});
