import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  demoCardSchema,
  paymentIntentSchema,
  paymentResultSchema,
  paymentSummarySchema,
} from '@toolshop/shared/payment';
import { idempotencyHeadersSchema } from '@toolshop/shared/idempotency';
import { viewerOf } from '../plugins/app/access';
import { replyIdempotently, type Idempotency } from '../plugins/app/idempotency';
import { errorResponses, idParams } from '../plugins/app/route-schemas';
import type { PaymentService } from './service';

/** What the webhook reads of a Stripe event: the limit the whole server had before decision 034. */
const STRIPE_EVENT_MAX_BYTES = 1024 * 1024;

const orderParams = idParams('Order not found');
const errors = errorResponses(400, 401, 404, 409, 422);

export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService;
  idempotency: Idempotency;
}> = async (app, { payments: service, idempotency }) => {
  app.get(
    '/payment/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'What an own order costs (SPEC §7: tool and quantity)',
        params: orderParams,
        response: { 200: paymentSummarySchema, ...errors },
      },
    },
    (request) => service.summary(viewerOf(request), request.params.id),
  );

  app.post(
    '/payment/:id/demo',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary:
          'Pay an own unpaid order with the demo processor (no Stripe keys: no real charge). A retry with the same Idempotency-Key gets the first answer.',
        headers: idempotencyHeadersSchema,
        params: orderParams,
        body: demoCardSchema,
        response: { 200: paymentResultSchema, ...errorResponses(402), ...errors },
      },
    },
    (request, reply) =>
      replyIdempotently(request, reply, idempotency, async (tx) => ({
        statusCode: 200,
        body: await service.payWithDemoCard(
          viewerOf(request),
          request.params.id,
          request.body.cardNumber,
          tx,
        ),
      })),
  );

  app.post(
    '/payment/:id/intent',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary:
          'Stripe mode: the PaymentIntent of an own unpaid order, for the amount the server computes (one per order: a retry gets the same intent)',
        params: orderParams,
        response: { 200: paymentIntentSchema, ...errors },
      },
    },
    (request) => service.createIntent(viewerOf(request), request.params.id),
  );

  // Stripe signs the exact bytes it sends: this route reads JSON as a raw Buffer, in its own scope.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        // Public: Stripe calls it; the signature, not a session, proves who sent it.
        config: { access: 'public' },
        // An event carries whole Stripe objects, more than the shop's own forms; checked by its
        // signature before anything parses it.
        bodyLimit: STRIPE_EVENT_MAX_BYTES,
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (payment_intent.succeeded marks the order paid, once per event)',
          response: {
            200: z.object({ received: z.literal(true) }),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await service.handleStripeWebhook(
          request.body as Buffer,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true as const };
      },
    );
  });
};
