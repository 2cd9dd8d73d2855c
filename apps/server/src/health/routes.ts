import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from '../db/errors';
import { errorBody } from '../plugins/app/errors';
import { errorResponses } from '../plugins/app/route-schemas';

// Probes give up after a few seconds of their own: a database that stalls must read as down, quickly,
// whatever the query timeout of ordinary requests is.
export const HEALTH_TIMEOUT_MS = 2_000;

class HealthTimeoutError extends Error {
  constructor() {
    super(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: load balancers and orchestrators poll it; 200 only when the database answers.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const timeout = new AbortController();
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          delay(HEALTH_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
            throw new HealthTimeoutError();
          }),
        ]);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        const { code, message } = DATABASE_UNAVAILABLE;
        return reply
          .status(503)
          .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
          .send(errorBody(code, message));
      } finally {
        timeout.abort();
      }
    },
  );
};
