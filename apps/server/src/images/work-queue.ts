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
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(job) {
      if (running < concurrency) {
        running += 1;
      } else if (waiting.length < maxWaiting) {
        // The finishing job hands its slot over directly, so `running` never drops between them.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw new AppError(429, 'too_many_requests', busyMessage);
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
