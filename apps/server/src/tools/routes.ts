import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { toolListSchema, toolSchema } from '@toolshop/shared/tool';
import { createToolService } from './service';

export const toolRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createToolService(app.db);

  // Public: anyone may browse the catalogue.
  app.get(
    '/tools',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: 'List all tools',
        response: { 200: toolListSchema },
      },
    },
    () => service.list(),
  );

  app.get(
    '/tools/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: 'Get one tool',
        params: z.object({ id: z.string() }),
        response: { 200: toolSchema, 404: apiErrorSchema },
      },
    },
    (request) => service.get(request.params.id),
  );
};
