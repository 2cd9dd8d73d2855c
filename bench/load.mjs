// Load generation shared by the benches: autocannon as a promise, and how figures are printed.
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
