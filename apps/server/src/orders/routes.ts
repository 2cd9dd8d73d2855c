import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { deleteResultSchema, orderListSchema, orderSchema, placeOrderSchema } from '@toolshop/shared/order';
import type Stripe from 'stripe';
import { cancelStripePayment } from '../payments/stripe-client';
import { viewerOf } from '../plugins/app/access';
import { createOrderService } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const orderRoutes: FastifyPluginAsyncZod<{ stripe: Stripe | null }> = async (app, { stripe }) => {
  const service = createOrderService(app.db, {
    cancelPayment: stripe ? (intentId) => cancelStripePayment(stripe, intentId) : undefined,
  });

  app.post(
    '/order',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Place an order (buyer from the session; stock taken atomically)',
        body: placeOrderSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.place(viewerOf(request), request.body)),
  );

  app.get(
    '/order/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Orders of an account (own; admins may read anyone’s)',
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 200: orderListSchema, ...errors },
      },
    },
    (request) => service.listFor(viewerOf(request), request.params.email),
  );

  app.get(
    '/order',
    {
      config: { access: 'admin' },
      schema: { tags: ['orders'], summary: 'Every order', response: { 200: orderListSchema, ...errors } },
    },
    () => service.listAll(),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel your own unpaid order (kept as cancelled; its stock is returned)',
        params: z.object({ id: z.string() }),
        response: { 200: deleteResultSchema, ...errors },
      },
    },
    (request) => service.cancel(viewerOf(request), request.params.id),
  );

  app.patch(
    '/order/:id/delivery',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order delivered',
        params: z.object({ id: z.string() }),
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => service.markDelivered(request.params.id),
  );
};
