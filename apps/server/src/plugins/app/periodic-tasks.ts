import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** Resolves to how many rows it changed (logged when any). Must be safe to run in every instance at once. */
  run: () => Promise<number>;
}

/**
 * The housekeeping every server process runs (expiring unpaid orders, deleting unreferenced images,
 * forgetting old idempotency keys), in one place. Timers never keep a finished process alive and stop
 * when the app closes; a failed run is logged and tried again at the next tick.
 */
export const periodicTasksPlugin = fp(async (app: FastifyInstance, { tasks }: { tasks: PeriodicTask[] }) => {
  const timers = tasks.map(({ name, everyMs, run }) =>
    setInterval(() => {
      run().then(
        (changed) => changed > 0 && app.log.info({ task: name, changed }, 'periodic task'),
        (err: unknown) => app.log.error({ err, task: name }, 'periodic task failed'),
      );
    }, everyMs).unref(),
  );
  app.addHook('onClose', async () => timers.forEach(clearInterval));
});
