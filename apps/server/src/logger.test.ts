import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { useTestApp } from './test/build-test-app';

/** What the server writes, one parsed JSON line each, with the production logger's options. */
function recordLog(level?: string) {
  const lines: Record<string, unknown>[] = [];
  const context = useTestApp({
    env: level ? { LOG_LEVEL: level } : {},
    logger: (env) => ({
      ...(loggerOptions(env) as object),
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    }),
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
