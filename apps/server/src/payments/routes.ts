import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import {
  demoCardSchema,
  paymentIntentSchema,
  paymentResultSchema,
  paymentSummarySchema,
} from '@toolshop/shared/payment';
import { viewerOf } from '../plugins/app/access';
import { createPaymentService } from './service';
import type Stripe from 'stripe';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const paymentRoutes: FastifyPluginAsyncZod<{ stripe: Stripe | null }> = async (app, { stripe }) => {
  const service = createPaymentService({
    db: app.db,
    env: app.env,
    mailer: app.mailer,
    log: app.log,
    stripe,
  });

  app.get(
    '/payment/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'What an own order costs (SPEC §7: tool and quantity)',
        params: idParams,
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
        summary: 'Pay an own unpaid order with the demo processor (no Stripe keys: no real charge)',
        params: idParams,
        body: demoCardSchema,
        response: { 200: paymentResultSchema, 402: apiErrorSchema, ...errors },
      },
    },
    (request) => service.payWithDemoCard(viewerOf(request), request.params.id, request.body.cardNumber),
  );

  app.post(
    '/payment/:id/intent',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Stripe mode: the PaymentIntent of an own unpaid order, for the amount the server computes',
        params: idParams,
        response: { 200: paymentIntentSchema, ...errors },
      },
    },
    (request) => service.createIntent(viewerOf(request), request.params.id),
  );

  // Stripe signs the exact bytes it sends: this route reads JSON as a raw Buffer, in its own scope.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        // Public: Stripe calls it; the signature, not a session, proves who sent it.
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (payment_intent.succeeded marks the order paid, once per event)',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: apiErrorSchema,
            404: apiErrorSchema,
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
