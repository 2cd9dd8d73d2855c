import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue';

/** A job that runs until the test finishes it, recording how many jobs were running at its start. */
function controllableJobs() {
  let running = 0;
  let mostAtOnce = 0;
  const started: Array<() => void> = [];
  const job = () =>
    new Promise<string>((resolve) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      started.push(() => {
        running -= 1;
        resolve('done');
      });
    });
  const finishNext = async () => {
    started.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { job, started, finishNext, mostAtOnce: () => mostAtOnce };
}

describe('work queue', () => {
  it('runs at most `concurrency` jobs at a time, the others in turn', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 3, busyMessage: 'busy' });
    const jobs = controllableJobs();

    const results = Array.from({ length: 5 }, () => queue.run(jobs.job));
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.started).toHaveLength(2);

    for (let finished = 0; finished < 5; finished += 1) await jobs.finishNext();

    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(jobs.mostAtOnce()).toBe(2);
  });

  it('refuses a job with 429 when the line is full, and takes one again once it moves', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2, busyMessage: 'Try again soon.' });
    const jobs = controllableJobs();
    const accepted = Array.from({ length: 3 }, () => queue.run(jobs.job));

    await expect(queue.run(jobs.job)).rejects.toMatchObject({
      statusCode: 429,
      code: 'too_many_requests',
      message: 'Try again soon.',
    });

    await new Promise((resolve) => setImmediate(resolve));
    await jobs.finishNext();
    const later = queue.run(jobs.job);
    for (let finished = 0; finished < 3; finished += 1) await jobs.finishNext();

    expect(await Promise.all([...accepted, later])).toHaveLength(4);
    expect(jobs.mostAtOnce()).toBe(1);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, busyMessage: 'busy' });

    await expect(queue.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow(
      'corrupt image',
    );

    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
