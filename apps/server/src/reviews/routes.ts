import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResultSchema } from '@toolshop/shared/order';
import { pageQuerySchema } from '@toolshop/shared/paging';
import { reviewInputSchema, reviewListSchema, reviewPageSchema, reviewSchema } from '@toolshop/shared/review';
import { REVIEWS_TOPIC } from '../db/change-topics';
import { viewerOf } from '../plugins/app/access';
import type { ResponseCache } from '../plugins/app/response-cache';
import { errorResponses, idParams } from '../plugins/app/route-schemas';
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
        response: { 200: z.union([reviewListSchema, reviewPageSchema]), ...errorResponses(400) },
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
          ...errorResponses(400, 401, 403, 429),
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
        params: idParams('Review not found'),
        response: {
          200: deleteResultSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    (request) => service.remove(request.params.id),
  );
};
