import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@toolshop/shared/paging';
import {
  adminProductReviewPageSchema,
  adminProductReviewSchema,
  helpfulVoteSchema,
  hideProductReviewSchema,
  myProductReviewSchema,
  productReviewInputSchema,
  productReviewPageSchema,
  productReviewQuerySchema,
  productReviewSchema,
} from '@toolshop/shared/product-review';
import { PRODUCT_REVIEWS_TOPIC } from '../db/change-topics';
import { actorOf, viewerOf } from '../plugins/app/access';
import type { ResponseCache } from '../plugins/app/response-cache';
import { errorResponses, idParams } from '../plugins/app/route-schemas';
import type { ProductReviewService } from './service';

const toolParams = idParams('Tool not found');
const reviewParams = idParams('Review not found');

/** Ratings and reviews of the tools by their buyers (decision 057); SPEC's shop reviews are /review. */
export const productReviewRoutes: FastifyPluginAsyncZod<{
  productReviews: ProductReviewService;
  responses: ResponseCache;
}> = async (app, { productReviews: service, responses }) => {
  // Public: a product page shows its reviews to every visitor.
  app.get(
    '/tools/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['product reviews'],
        summary:
          'A page of a tool’s visible reviews (newest or most helpful first), with its rating and histogram',
        params: toolParams,
        querystring: productReviewQuerySchema,
        response: { 200: productReviewPageSchema, ...errorResponses(400, 404) },
      },
    },
    // Served from memory until one of the tool's reviews is written, voted for or hidden (decision 018).
    (request, reply) =>
      responses.serve(request, reply, PRODUCT_REVIEWS_TOPIC, () =>
        service.page(request.params.id, request.query),
      ),
  );

  app.get(
    '/tools/:id/reviews/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['product reviews'],
        summary: 'Whether the signed-in customer may review the tool (a paid order of it), and their review',
        params: toolParams,
        response: { 200: myProductReviewSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.mine(viewerOf(request), request.params.id),
  );

  app.post(
    '/tools/:id/reviews',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['product reviews'],
        summary:
          'Rate and review a tool you bought (201); sent again, it replaces your earlier review (200) and its votes',
        params: toolParams,
        body: productReviewInputSchema,
        response: {
          200: productReviewSchema,
          201: productReviewSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { review, created } = await service.write(viewerOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.post(
    '/product-reviews/:id/helpful',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['product reviews'],
        summary: 'Mark a review helpful (once per customer; again changes nothing; not your own)',
        params: reviewParams,
        response: { 200: helpfulVoteSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => service.vote(viewerOf(request), request.params.id),
  );

  app.get(
    '/admin/product-reviews',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['product reviews'],
        summary: 'Every product review, hidden ones too, newest first (admins)',
        querystring: pageQuerySchema,
        response: { 200: adminProductReviewPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.adminPage(request.query),
  );

  app.post(
    '/product-reviews/:id/hide',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['product reviews'],
        summary: 'Hide a review, with the reason (admins; logged): it leaves the page and the tool’s rating',
        params: reviewParams,
        body: hideProductReviewSchema,
        response: { 200: adminProductReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.hide(request.params.id, request.body.reason, actorOf(request)),
  );
};
