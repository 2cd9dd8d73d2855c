import { setTimeout as delay } from 'node:timers/promises';

export interface CoalescedRuns {
  /**
   * Runs now, or right after the run in flight; resolves once a run that began after this call has
   * finished. Never rejects: a failed run goes to `onError`.
   */
  request(): Promise<void>;
  /** Takes no more requests and waits for the run in flight, so what it uses may close after it. */
  close(): Promise<void>;
}

/**
 * A job that covers everything there is to do each time it runs (a claim over the whole catalogue, a pass
 * over every due mail): requests that arrive while it runs are served by one more run behind it, not one
 * each. One run at a time, at most one queued, and runs start at least `minIntervalMs` apart.
 */
export function coalescedRuns(
  run: () => Promise<void>,
  { minIntervalMs = 0, onError }: { minIntervalMs?: number; onError: (err: unknown) => void },
): CoalescedRuns {
  // Read from the monotonic clock: a wall clock set back (NTP, an operator) would hold the next run for as
  // long as it moved, and `close` waits for that run.
  let lastStart = -Infinity;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let closed = false;

  function start(): Promise<void> {
    const current = delay(Math.max(0, lastStart + minIntervalMs - performance.now()))
      .then(() => {
        lastStart = performance.now();
        return run();
      })
      .catch(onError)
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  }

  return {
    request() {
      if (closed) return Promise.resolve();
      if (!running) return start();
      queued ??= running.then(() => {
        queued = undefined;
        if (closed) return;
        // A request between the two may have started one already: it began after every caller of this one.
        return running ?? start();
      });
      return queued;
    },
    async close() {
      closed = true;
      await (queued ?? running);
    },
  };
}
