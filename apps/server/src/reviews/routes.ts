import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { deleteResultSchema } from '@toolshop/shared/order';
import { pageQuerySchema } from '@toolshop/shared/paging';
import { reviewInputSchema, reviewListSchema, reviewPageSchema, reviewSchema } from '@toolshop/shared/review';
import { REVIEWS_TOPIC } from '../db/change-topics';
import { viewerOf } from '../plugins/app/access';
import type { ResponseCache } from '../plugins/app/response-cache';
import type { ReviewService } from './service';

export const reviewRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewService;
  responses: ResponseCache;
}> = async (app, { reviews: service, responses }) => {
  // Public: reviews are shown on the home page to every visitor.
  app.get(
    '/review',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'List reviews, newest first (the newest 100; with ?page=&limit=: a page and the total)',
        querystring: pageQuerySchema,
        response: { 200: z.union([reviewListSchema, reviewPageSchema]), 400: apiErrorSchema },
      },
    },
    // Served from memory until a review is added or removed, or a buyer pays (decision 018).
    (request, reply) => responses.serve(request, reply, REVIEWS_TOPIC, () => service.list(request.query)),
  );

  app.post(
    '/review',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Add a review as the signed-in customer (the author comes from the session)',
        body: reviewInputSchema,
        response: {
          201: reviewSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.delete(
    '/review/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reviews'],
        summary: 'Remove a review (admins)',
        params: z.object({ id: z.string() }),
        response: {
          200: deleteResultSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    (request) => service.remove(request.params.id),
  );
};
