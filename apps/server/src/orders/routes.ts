import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteResultSchema,
  orderListSchema,
  orderPageSchema,
  orderSchema,
  placeOrderSchema,
} from '@toolshop/shared/order';
import { buyAgainResultSchema } from '@toolshop/shared/buy-again';
import { idempotencyHeadersSchema } from '@toolshop/shared/idempotency';
import { orderDetailSchema } from '@toolshop/shared/order-detail';
import { shipOrderSchema } from '@toolshop/shared/order-shipment';
import { orderExportQuerySchema, orderListQuerySchema } from '@toolshop/shared/order-filters';
import { pageQuerySchema } from '@toolshop/shared/paging';
import { actorOf, viewerOf } from '../plugins/app/access';
import { replyIdempotently, type Idempotency } from '../plugins/app/idempotency';
import { emailParams, errorResponses, idParams } from '../plugins/app/route-schemas';
import { ordersCsv } from './order-export';
import type { OrderService } from './service';

/** What a read of orders may answer besides its result; a write may also meet the stock and the bounds. */
const readErrors = errorResponses(400, 401, 403, 404);
const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const orderParams = idParams('Order not found');

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
        params: emailParams,
        querystring: pageQuerySchema,
        response: { 200: z.union([orderListSchema, orderPageSchema]), ...readErrors },
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
        summary:
          'Every order. With any of ?status=&q=&sort=&page=&limit=: a page of 25 (newest first unless sorted) of the orders they select (cancelled ones only with status=cancelled), and how many they select',
        querystring: orderListQuerySchema,
        response: { 200: z.union([orderListSchema, orderPageSchema]), ...readErrors },
      },
    },
    (request) => service.listAll(request.query),
  );

  app.get(
    '/order/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          'Every order ?status=&q=&sort= select, as CSV (RFC 4180, a header row, money as decimals, formulas neutralised)',
        produces: ['text/csv'],
        querystring: orderExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...readErrors },
      },
    },
    async (request, reply) => {
      const csv = ordersCsv(await service.exportAll(request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="toolshop-orders-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/order/:id/detail',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'One order and its timeline: placed, paid, shipped (carrier, tracking number), delivered, expired, cancelled — when, and by whom. Your own order, or (admins) anyone’s; the admins who acted are named to admins only',
        params: orderParams,
        response: { 200: orderDetailSchema, ...readErrors },
      },
    },
    (request) => service.detail(viewerOf(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an unpaid order, your own or (admins) anyone’s: kept as cancelled, its stock released; dismisses an expired one',
        params: orderParams,
        response: { 200: deleteResultSchema, ...errors },
      },
    },
    (request) => service.cancel(viewerOf(request), request.params.id),
  );

  app.post(
    '/order/:id/buy-again',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'Put your order’s lines back in your cart at today’s prices; answers the cart, what was added, which tools are gone and which lines the cart refused (stock, minimum order, cart full)',
        params: orderParams,
        response: { 200: buyAgainResultSchema, ...readErrors },
      },
    },
    (request) => service.buyAgain(viewerOf(request), request.params.id),
  );

  app.post(
    '/order/:id/ship',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          'Mark a paid order shipped, with its carrier and tracking number if known (logged; its customer is told by mail). Again: changes nothing',
        params: orderParams,
        body: shipOrderSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => service.markShipped(actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/order/:id/delivery',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid or shipped order delivered (logged; its customer is told by mail)',
        params: orderParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => service.markDelivered(actorOf(request), request.params.id),
  );
};
