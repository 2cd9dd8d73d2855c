import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewListSchema } from '@toolshop/shared/review';
import { createReviewService } from './service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReviewService(app.db);

  // Public: reviews are shown on the home page to every visitor.
  app.get(
    '/review',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'List reviews, newest first',
        response: { 200: reviewListSchema },
      },
    },
    () => service.list(),
  );
};
