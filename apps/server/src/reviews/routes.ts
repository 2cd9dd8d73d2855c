import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { reviewInputSchema, reviewListSchema, reviewSchema } from '@toolshop/shared/review';
import { viewerOf } from '../plugins/app/access';
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

  app.post(
    '/review',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Add a review as the signed-in customer (the author comes from the session)',
        body: reviewInputSchema,
        response: { 201: reviewSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );
};
