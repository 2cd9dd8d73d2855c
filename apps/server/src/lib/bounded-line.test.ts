import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoundedLine, type LineRefusal } from './bounded-line';

// Jobs the test finishes by hand; the line's timers are fake, so nothing here waits.
function job() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const started = vi.fn();
  return { run: () => (started(), done), started, finish };
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ran',
    (error: LineRefusal) => error.reason,
  );

describe('a bounded line', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a few at a time, lets a few wait, and refuses the rest and a client over its share', async () => {
    const line = createBoundedLine({ concurrency: 1, maxWaiting: 1, maxWaitMs: 1_000, perClient: 2 });
    const [first, second] = [job(), job()];
    const running = line.run('a', first.run);
    const waiting = line.run('b', second.run);

    expect(await refusal(line.run('c', job().run))).toBe('full');
    const third = line.run('a', job().run);
    expect(await refusal(line.run('a', job().run))).toBe('client');
    expect(await refusal(third)).toBe('full');

    await vi.advanceTimersByTimeAsync(1);
    expect(first.started).toHaveBeenCalled();
    expect(second.started).not.toHaveBeenCalled();
    first.finish();
    await running;
    await vi.advanceTimersByTimeAsync(1);
    expect(second.started).toHaveBeenCalled();
    second.finish();
    await waiting;
  });

  it('puts an urgent job ahead of those waiting, in the place of the last when the room is full', async () => {
    const line = createBoundedLine({ concurrency: 1, maxWaiting: 2, maxWaitMs: 1_000, perClient: 9 });
    const order: string[] = [];
    const named = (name: string) => async () => void order.push(name);
    const busy = job();
    const runs = [
      line.run('x', busy.run),
      line.run('x', named('normal 1')),
      line.run('x', named('normal 2')),
    ];
    const urgent = line.run('x', named('urgent'), { urgent: true });

    expect(await refusal(runs[2]!)).toBe('full');
    busy.finish();
    await vi.runAllTimersAsync();
    await Promise.all([runs[0], runs[1], urgent]);
    expect(order).toEqual(['urgent', 'normal 1']);
  });

  it('refuses a job that waited its longest for a turn', async () => {
    const line = createBoundedLine({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1_000, perClient: 9 });
    const busy = job();
    const running = line.run('x', busy.run);
    const waiting = refusal(line.run('y', job().run));

    await vi.advanceTimersByTimeAsync(1_001);
    expect(await waiting).toBe('timeout');
    busy.finish();
    await vi.runAllTimersAsync();
    await running;
  });
});
