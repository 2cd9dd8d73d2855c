import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loggerOptions } from './logger';
import { useTestApp } from './test/build-test-app';

/** What the server writes, one parsed JSON line each, with the production logger's options. */
function recordLog(level?: string) {
  const lines: Record<string, unknown>[] = [];
  const context = useTestApp({
    env: level ? { LOG_LEVEL: level } : {},
    logger: (env) => loggerOptions(env, { write: (line: string) => lines.push(JSON.parse(line)) }),
  });
  const linesOfRequests = () => lines.filter((line) => line.reqId !== undefined);
  return { context, lines, linesOfRequests };
}

describe('the request log at the default level (info)', () => {
  const { context, lines, linesOfRequests } = recordLog();

  it('writes one line per request: its id, method, address, client, status and time', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'GET', url: '/api/tools?page=1', remoteAddress: '203.0.113.7' });
    const [line, ...more] = linesOfRequests();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/tools?page=1',
      remoteAddress: '203.0.113.7',
      statusCode: 200,
    });
    expect(line!.reqId).toEqual(expect.any(String));
    expect(line!.responseTime).toEqual(expect.any(Number));
  });

  it('logs refused requests with their status, each request under its own id', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'POST', url: '/api/checkout', payload: {} });
    await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const [refused, unknown] = linesOfRequests();
    expect(refused).toMatchObject({ method: 'POST', url: '/api/checkout', statusCode: 401 });
    expect(unknown).toMatchObject({ method: 'GET', url: '/api/no-such-thing', statusCode: 404 });
    expect(refused!.reqId).not.toBe(unknown!.reqId);
  });

  it('never writes the session cookie', async () => {
    lines.length = 0;
    await context.app.inject({
      method: 'GET',
      url: '/api/cart',
      cookies: { 'better-auth.session_token': 'secret' },
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

describe('the request log at warn', () => {
  const { context, linesOfRequests } = recordLog('warn');

  it('writes no line for a request that went well', async () => {
    await context.app.inject({ method: 'GET', url: '/api/tools' });
    expect(linesOfRequests()).toEqual([]);
  });
});

describe('the request log at debug', () => {
  const { context, linesOfRequests } = recordLog('debug');

  it('also writes when each request arrives, with its address', async () => {
    await context.app.inject({ method: 'GET', url: '/api/tools' });
    const [arrived, answered] = linesOfRequests();
    expect(arrived).toMatchObject({ level: 20, msg: 'incoming request', req: { url: '/api/tools' } });
    expect(answered).toMatchObject({ msg: 'request completed', reqId: arrived!.reqId });
  });
});

/** test/log-to-standard-output.ts as a process of its own, killed when the test ends. */
function spawnLogger(ending: 'exit' | 'crash' | 'idle', count: number) {
  const script = fileURLToPath(new URL('./test/log-to-standard-output.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, ending, String(count)], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  return child;
}

/**
 * Runs it and reads the lines that reach its standard output until it ends (`idle`: until `count` lines
 * have arrived, then its standard input is closed).
 */
async function logOfProcess(ending: 'exit' | 'crash' | 'idle', count: number) {
  const child = spawnLogger(ending, count);
  let text = '';
  // Whole lines only: a chunk can end inside one.
  const lines = () =>
    text
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const received = new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (lines().length >= count) resolve();
    });
  });
  // `close`, not `exit`: it comes once the process's output has been read to its end.
  const closed = once(child, 'close').then(([code]) => code as number | null);
  if (ending === 'idle') {
    await Promise.race([received, closed]);
    child.stdin.end();
  }
  return { code: await closed, logged: lines().map((line) => line.line) };
}

// Lines are written a few kilobytes at a time (decision 071): none may be lost or wait for traffic.
describe('the log on standard output', () => {
  const numbers = (count: number) => Array.from({ length: count }, (_, line) => line);

  it('writes every line, in order, before the process exits', async () => {
    expect(await logOfProcess('exit', 1000)).toEqual({ code: 0, logged: numbers(1000) });
  });

  it('writes every line before a process that crashed exits', async () => {
    expect(await logOfProcess('crash', 50)).toEqual({ code: 1, logged: numbers(50) });
  });

  it('writes a line of an idle process without waiting for more', async () => {
    expect(await logOfProcess('idle', 1)).toEqual({ code: 0, logged: [0] });
  });

  it('lets the process exit when the log’s reader is gone', async () => {
    const child = spawnLogger('exit', 3);
    // The reading end closed before anything was written: the lines waiting at exit meet a broken pipe.
    child.stdout.destroy();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
