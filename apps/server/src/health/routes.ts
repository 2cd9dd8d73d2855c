import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { errorBody } from '../plugins/app/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: load balancers and orchestrators poll it; 200 only when the database answers.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send(errorBody('database_unreachable', 'The database does not answer.'));
      }
    },
  );
};
