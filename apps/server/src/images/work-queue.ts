import PQueue from 'p-queue';
import { AppError } from '../plugins/app/errors';

export interface WorkQueue {
  /** Runs `job` once fewer than `concurrency` jobs are running; refuses with 429 when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
}

/**
 * A bounded line for CPU-heavy work: at most `concurrency` jobs at a time, at most `maxWaiting` waiting.
 * A job beyond that is refused at once (429 with `busyMessage`) instead of piling up behind the others.
 */
export function createWorkQueue({
  concurrency,
  maxWaiting,
  busyMessage,
}: {
  concurrency: number;
  maxWaiting: number;
  busyMessage: string;
}): WorkQueue {
  const queue = new PQueue({ concurrency });

  return {
    async run(job) {
      // p-queue starts a job added to a free slot at once, so `size` counts only the waiting ones.
      if (queue.pending >= concurrency && queue.size >= maxWaiting) {
        throw new AppError(429, 'too_many_requests', busyMessage);
      }
      return queue.add(job);
    },
  };
}
