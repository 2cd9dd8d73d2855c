import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client';

/**
 * Stops the process on SIGTERM or SIGINT: stop listening, close idle connections at once and busy ones
 * after their answer (plugins/app/closing-connections.ts), then close the database and exit. Whatever
 * still holds on after `graceMs` (a client that never finishes its request, a query that never answers)
 * is logged and the process exits anyway (decision 038).
 */
export function stopOnSignals(app: FastifyInstance, database: DatabaseHandle, graceMs: number): void {
  let step: string | undefined;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (step) return;
    step = 'closing the server (answers in flight)';
    app.log.info({ signal, graceMs }, 'shutting down');
    setTimeout(() => {
      app.server.getConnections((_error, openConnections) => {
        app.log.error({ step, openConnections, graceMs }, 'shutdown: grace period over, exiting anyway');
        process.exit(1);
      });
    }, graceMs).unref();
    try {
      await app.close();
      step = 'closing the database';
      await database.close();
    } catch (err) {
      app.log.error({ err, step }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
