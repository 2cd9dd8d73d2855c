// How long a bystander waits while something else loads the shop: a probe request sent again and again
// while `attack` runs, each timed from request to the last byte of its answer. The stall benchmarks
// (bench/stall-*.mjs) share it, so each of their figures is measured the same way.
import http from 'node:http';

/** Milliseconds until the whole answer to a GET of `url` arrived (its bytes dropped as they come). */
export function timedGet(url) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.on('end', () => resolve(performance.now() - start)).resume();
      })
      .on('error', reject);
  });
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Probes `base + path` one request at a time, `gapMs` apart, for as long as `attack()` runs (and at least
 * `minProbes` times), and answers the probes' times in milliseconds.
 */
export async function probeDuring(base, attack, { path = '/robots.txt', gapMs = 10, minProbes = 20 } = {}) {
  const times = [];
  let attacking = true;
  const attackDone = Promise.resolve()
    .then(attack)
    .finally(() => {
      attacking = false;
    });
  while (attacking || times.length < minProbes) {
    times.push(await timedGet(`${base}${path}`));
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await attackDone;
  return times;
}

/**
 * Prints the probes' median, p99 and maximum against `boundMs` for their p99, and marks the run failed
 * (exit code 1) when the p99 passes it. Answers whether the bound held.
 */
export function reportBound(label, times, boundMs) {
  const p99 = percentile(times, 99);
  const held = p99 <= boundMs;
  console.log(
    `${label}: ${times.length} probes, median ${percentile(times, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms ` +
      `(bound: p99 ≤ ${boundMs} ms) ${held ? 'held' : 'PASSED THE BOUND'}`,
  );
  if (!held) process.exitCode = 1;
  return held;
}
