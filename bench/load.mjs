// Load generation shared by the benches: autocannon as a promise, a lighter keep-alive loop, and how
// figures are printed.
import { connect } from 'node:net';
import autocannon from 'autocannon';

/**
 * An autocannon run as a promise of its result, with `finishedAt` (`performance.now()` of its last
 * response). A run of a fixed `amount` of requests ends only at autocannon's next sample, up to a second
 * after its last answer: a rate counted to the end of the run reads 3,000 requests in 3.1 s as 750/s.
 * `onResponse`, if given, hears each response's time in milliseconds.
 */
export const autocannonRun = (options, onResponse) =>
  new Promise((resolve, reject) => {
    let finishedAt = performance.now();
    const run = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, finishedAt }),
    );
    run.on('response', (_client, _status, _bytes, responseTime) => {
      finishedAt = performance.now();
      onResponse?.(responseTime);
    });
  });

/** Requests a second from `started` to the last response of `results` (autocannonRun's). */
export const ratePerSecond = (count, started, results) =>
  count / ((Math.max(...results.map((result) => result.finishedAt)) - started) / 1000);

export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** A progress line on stderr, so that a long run shows where it is. */
export const note = (text) => console.error(`${new Date().toISOString().slice(11, 19)} bench: ${text}`);

/**
 * One client sending the same request over one keep-alive connection for `warmUpS` and then `durationS`
 * seconds, each request as soon as the last answer is read (a closed loop, as an autocannon connection).
 * The request's bytes are built once and an answer is read only as far as its status and length: where
 * autocannon parses every answer in JavaScript, this leaves the cores to the shops it measures. Answers
 * must carry a Content-Length (Fastify's JSON answers do). The warm-up runs on the same connection, as a
 * visitor's browser keeps its own. `onResponse` hears the time in milliseconds of each answer to a request
 * sent after the warm-up; resolves to `{ ok, failures }` (2xx and other answers, over the whole run).
 */
export function keepAliveLoop({ url, method, headers, body, warmUpS = 0, durationS }, onResponse) {
  const { hostname, port, pathname } = new URL(url);
  const payload = Buffer.from(body ?? '');
  const head = Object.entries({ host: `${hostname}:${port}`, ...headers, 'content-length': payload.length })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.concat([Buffer.from(`${method} ${pathname} HTTP/1.1\r\n${head}\r\n`), payload]);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), noDelay: true });
    const timedFrom = performance.now() + warmUpS * 1000;
    const endAt = timedFrom + durationS * 1000;
    let ok = 0;
    let failures = 0;
    let sentAt = 0;
    let pending = Buffer.alloc(0);
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    socket.once('connect', send);
    socket.on('error', reject);
    // After the loop's end this rejects a promise already resolved: nothing.
    socket.on('close', () => reject(new Error(`${url}: the connection closed before the run ended`)));
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const responseHead = pending.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(responseHead)?.[1]);
      if (!Number.isInteger(length)) {
        socket.destroy();
        return reject(new Error(`an answer without Content-Length: ${responseHead}`));
      }
      if (pending.length < headEnd + 4 + length) return;
      pending = pending.subarray(headEnd + 4 + length);
      const status = Number(responseHead.slice(9, 12));
      if (status >= 200 && status < 300) ok += 1;
      else failures += 1;
      const now = performance.now();
      if (sentAt >= timedFrom) onResponse?.(now - sentAt);
      if (now < endAt) send();
      else socket.end(() => resolve({ ok, failures }));
    });
  });
}
