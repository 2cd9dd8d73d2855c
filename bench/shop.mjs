// Starting the shop for a benchmark, and the few API calls a benchmark needs to set it up.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { simpleParser } from 'mailparser';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not there yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: nothing within ${timeoutMs} ms`);
}

/**
 * The built shop (scripts/start.mjs builds what is stale) in production mode on `port`. No SMTP_URL, so
 * mail lands in DATA_DIR/outbox; TRUST_PROXY so each bench user can sign up from its own address without
 * meeting the per-address sign-up limit.
 */
/**
 * The arguments `npm start` gives node (package.json's `start` script: the heap flags of decision 039, then
 * scripts/start.mjs), so that a bench measures the shop exactly as it runs, without npm's own process.
 */
function npmStartArguments() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node')
    throw new Error(`package.json's start script no longer starts with node: ${scripts.start}`);
  return args.map((arg) => (arg.endsWith('.mjs') ? path.join(root, arg) : arg));
}

export async function startShop({ port, dataDir, env = {} }) {
  // Whatever answers on the port is what the bench measures: it must be this shop.
  await assertPortFree(port);
  const base = `http://127.0.0.1:${port}`;
  const { SMTP_URL: _ignored, ...inherited } = process.env;
  // BENCH_CPU_PROF=<dir>: each shop process writes a V8 CPU profile there when it stops (bench/README.md).
  const profiling = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const shop = spawn(process.execPath, [...profiling, ...npmStartArguments()], {
    cwd: root,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  forwardWarnings(shop.stdout);
  const exited = new Promise((resolve) => shop.once('exit', resolve));
  // A bench that dies (an uncaught error) takes its shops with it: one left behind would hold the port,
  // and the next run would measure it instead of its own.
  const killOnExit = () => shop.kill('SIGTERM');
  process.once('exit', killOnExit);
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `${base}/api/health`);
  return {
    base,
    // scripts/start.mjs imports the server into its own process: this is the server's pid.
    pid: shop.pid,
    async stop() {
      process.off('exit', killOnExit);
      shop.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The shop logs at its default level (issue 27: the default's cost is part of what is measured) into a
 * pipe, as under a log shipper; the bench reads it and shows only the warnings and errors (pino's levels
 * 40 and up), so that its table stays readable.
 */
function forwardWarnings(stdout) {
  const warning = /"level":[4-6]0/;
  let rest = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk) => {
    const text = rest + chunk;
    const end = text.lastIndexOf('\n') + 1;
    rest = text.slice(end);
    if (!warning.test(text.slice(0, end))) return;
    for (const line of text.slice(0, end).split('\n'))
      if (warning.test(line)) process.stderr.write(`${line}\n`);
  });
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(new Error(`port ${port} is taken (${error.code}): is a shop of an earlier run still running?`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export const PASSWORD = 'correct horse battery staple';
const authHeaders = (base, address) => ({
  'content-type': 'application/json',
  origin: base,
  'x-forwarded-for': address,
});

/** Opens an account; `address` is the client address the shop sees (each has its own sign-up limit). */
export async function signUp({ base, email, address }) {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: authHeaders(base, address),
    body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up ${email}: ${response.status} ${await response.text()}`);
}

/** Signs in and returns the session cookie. */
export async function signIn({ base, email, address }) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: authHeaders(base, address),
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

/** The cookies a sign-in answer sets, as a `cookie` header. */
export const sessionCookie = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/**
 * Confirms an address the way its owner does (decision 014): the confirmation link from the mail the
 * shop wrote to DATA_DIR/outbox (no SMTP_URL), posted with the account's password.
 */
export async function confirmFromOutbox({ base, dataDir, email, password = PASSWORD }) {
  const token = await waitFor(async () => {
    const outbox = path.join(dataDir, 'outbox');
    for (const file of await readdir(outbox)) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      if (mail.to?.text !== email) continue;
      const link = mail.text?.match(/https?:\/\/\S+\/verify-email\?token=([\w.-]+)/);
      if (link) return link[1];
    }
    return null;
  }, `the confirmation mail to ${email}`);
  const response = await fetch(`${base}/api/auth/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ token, password }),
  });
  if (!response.ok) throw new Error(`confirm ${email}: ${response.status} ${await response.text()}`);
}

/**
 * Marks the bench's own accounts verified (and `adminEmail` an admin) straight in the bench's own
 * database: how the shop proves an address (a mail link, a form) is not what the bench measures, and may
 * change. PGlite belongs to the one shop process, so call this with that shop stopped.
 */
export async function verifyInDatabase({ pgliteDir, databaseUrl, emails, adminEmail }) {
  const statements = [
    ['update users set email_verified = true where email = any($1)', [emails]],
    [`update users set role = 'admin' where email = $1`, [adminEmail]],
  ];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [sql, params] of statements) await client.query(sql, params);
    await client.end();
  } else {
    const client = await PGlite.create(pgliteDir);
    for (const [sql, params] of statements) await client.query(sql, params);
    await client.close();
  }
}

/**
 * Runs `work` with the URL of a scratch database created on the PostgreSQL server of `serverUrl`, and
 * drops it afterwards.
 */
export async function withScratchDatabase(serverUrl, work) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `toolshop_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
