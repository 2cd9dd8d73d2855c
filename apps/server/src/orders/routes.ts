import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import {
  deleteResultSchema,
  orderListSchema,
  orderPageSchema,
  orderSchema,
  placeOrderSchema,
} from '@toolshop/shared/order';
import { idempotencyHeadersSchema } from '@toolshop/shared/idempotency';
import { pageQuerySchema } from '@toolshop/shared/paging';
import { viewerOf } from '../plugins/app/access';
import { replyIdempotently, type Idempotency } from '../plugins/app/idempotency';
import type { OrderService } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; idempotency: Idempotency }> = async (
  app,
  { orders: service, idempotency },
) => {
  app.post(
    '/order',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order (buyer from the session; stock reserved atomically). A retry with the same Idempotency-Key gets the first answer.',
        headers: idempotencyHeadersSchema,
        body: placeOrderSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    (request, reply) =>
      replyIdempotently(request, reply, idempotency, async (tx) => ({
        statusCode: 201,
        body: await service.place(viewerOf(request), request.body, tx),
      })),
  );

  app.get(
    '/order/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Orders of an account (own; admins may read anyone’s)',
        params: z.object({ email: z.string().min(1).max(254) }),
        querystring: pageQuerySchema,
        response: { 200: z.union([orderListSchema, orderPageSchema]), ...errors },
      },
    },
    (request) => service.listFor(viewerOf(request), request.params.email, request.query),
  );

  app.get(
    '/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Every order (with ?page=&limit=: a page, newest first, and the total)',
        querystring: pageQuerySchema,
        response: { 200: z.union([orderListSchema, orderPageSchema]), ...errors },
      },
    },
    (request) => service.listAll(request.query),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an unpaid order, your own or (admins) anyone’s: kept as cancelled, its stock released; dismisses an expired one',
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
