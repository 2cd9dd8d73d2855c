import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedRuns } from './coalesced-runs';

afterEach(() => {
  vi.useRealTimers();
});

describe('coalesced runs', () => {
  it('serves the requests that arrive during a run with one more run', async () => {
    let runs = 0;
    let release!: () => void;
    const runs$ = coalescedRuns(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { onError: (err) => expect.fail(String(err)) },
    );
    const first = runs$.request();
    const during = [runs$.request(), runs$.request(), runs$.request()];
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await Promise.all([first, ...during]);
    expect(runs).toBe(2);
    await runs$.close();
  });

  it('keeps its pace when the wall clock is set back a day, and closes', async () => {
    let runs = 0;
    const runs$ = coalescedRuns(
      async () => {
        runs += 1;
      },
      { minIntervalMs: 20, onError: (err) => expect.fail(String(err)) },
    );
    await runs$.request();
    // Only `Date` moves: the timers keep the real time, as when NTP or an operator sets the clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 24 * 60 * 60 * 1000 });
    await runs$.request();
    expect(runs).toBe(2);
    await runs$.close();
  });
});
