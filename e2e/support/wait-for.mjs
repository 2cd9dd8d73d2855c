// Usage: node e2e/support/wait-for.mjs URL [timeoutSeconds]
// Waits until URL answers 2xx (exit 0), or gives up after the timeout, 60 s by default (exit 1), so a
// script can chain the start of services that depend on each other.

const [url, timeoutArg = '60'] = process.argv.slice(2);
const timeoutSeconds = Number(timeoutArg);

if (!url || !Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
  console.error('usage: node e2e/support/wait-for.mjs URL [timeoutSeconds]');
  process.exit(2);
}

const deadline = Date.now() + timeoutSeconds * 1000;
let last = 'no answer yet';

for (;;) {
  try {
    // A per-request limit, so a server that accepts connections but never answers cannot outlast the deadline.
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (response.ok) process.exit(0);
    last = `HTTP ${response.status}`;
  } catch (error) {
    last = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  }
  if (Date.now() >= deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}

console.error(`wait-for: ${url} did not answer 2xx within ${timeoutSeconds} s (last: ${last})`);
process.exit(1);
