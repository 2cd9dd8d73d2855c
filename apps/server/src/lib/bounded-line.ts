/**
 * Why a bounded line refused a job: its client already had its share in the line (`client`), the waiting
 * room was full (`full`), or the job waited its longest and never got a turn (`timeout`).
 */
export class LineRefusal extends Error {
  constructor(readonly reason: 'client' | 'full' | 'timeout') {
    super(`refused by the line (${reason})`);
    this.name = 'LineRefusal';
  }
}

export interface BoundedLineOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a turn at once; more are refused at once. */
  maxWaiting: number;
  /** How long a job may wait for its turn before it is refused. */
  maxWaitMs: number;
  /** Jobs of one client in the line at once, running or waiting; more are refused at once. */
  perClient: number;
}

export interface BoundedLine {
  /**
   * Runs `job` for `client` once it has a turn, or rejects with a {@link LineRefusal}. An `urgent` job
   * waits ahead of the others, and takes the place of the last of them when the waiting room is full.
   */
  run<T>(client: string, job: () => Promise<T>, options?: { urgent?: boolean }): Promise<T>;
}

interface Waiter {
  urgent: boolean;
  start(): void;
  refuse(refusal: LineRefusal): void;
}

/**
 * A line in front of costly work: a few jobs at a time, a short waiting room with a deadline, and a share
 * per client, so that one client cannot fill it and many cannot make everyone wait without end. A job is
 * refused at once rather than queued when the line is full: the caller answers "busy" while that is cheap.
 */
export function createBoundedLine({
  concurrency,
  maxWaiting,
  maxWaitMs,
  perClient,
}: BoundedLineOptions): BoundedLine {
  let running = 0;
  const waiting: Waiter[] = [];
  const inLine = new Map<string, number>();

  const leave = (client: string) => {
    const count = (inLine.get(client) ?? 1) - 1;
    if (count === 0) inLine.delete(client);
    else inLine.set(client, count);
  };

  // The finishing job hands its turn to the next waiter, so `running` never drops between them.
  const finish = () => {
    const next = waiting.shift();
    if (next) next.start();
    else running -= 1;
  };

  /** Resolves once the job may run; the turn is then the job's to give back through `finish`. */
  function turn(urgent: boolean): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return Promise.resolve();
    }
    const firstNormal = waiting.findIndex((waiter) => !waiter.urgent);
    if (waiting.length >= maxWaiting) {
      if (!urgent || firstNormal < 0) return Promise.reject(new LineRefusal('full'));
      waiting.pop()!.refuse(new LineRefusal('full'));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        urgent,
        start() {
          clearTimeout(deadline);
          resolve();
        },
        refuse(refusal) {
          clearTimeout(deadline);
          reject(refusal);
        },
      };
      const deadline = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new LineRefusal('timeout'));
      }, maxWaitMs);
      deadline.unref();
      const at = urgent ? waiting.findIndex((other) => !other.urgent) : -1;
      if (at < 0) waiting.push(waiter);
      else waiting.splice(at, 0, waiter);
    });
  }

  return {
    async run(client, job, { urgent = false } = {}) {
      if ((inLine.get(client) ?? 0) >= perClient) throw new LineRefusal('client');
      inLine.set(client, (inLine.get(client) ?? 0) + 1);
      try {
        await turn(urgent);
        try {
          // Each job starts in a task of its own. Work that never waits on real I/O (an embedded PGlite
          // answers in this same thread) would otherwise run back to back with the next job, and nothing
          // else (a health check, a kept page, a refusal) would get a turn until the line was empty.
          await new Promise((resolve) => setImmediate(resolve));
          return await job();
        } finally {
          finish();
        }
      } finally {
        leave(client);
      }
    },
  };
}
