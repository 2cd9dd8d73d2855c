import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutSchema, placeCheckoutSchema } from '@toolshop/shared/cart';
import { idempotencyHeadersSchema } from '@toolshop/shared/idempotency';
import { orderSchema } from '@toolshop/shared/order';
import { viewerOf } from '../plugins/app/access';
import { idempotencyClaimOf, sendAnswer } from '../plugins/app/idempotency';
import { errorResponses } from '../plugins/app/route-schemas';
import type { CheckoutService } from './service';

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (
  app,
  { checkout },
) => {
  app.get(
    '/checkout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary:
          'What checking out the cart would order: its lines and amounts at today’s prices, and the address and phone of your last order (a confirmed e-mail address is needed)',
        response: { 200: checkoutSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => checkout.read(viewerOf(request)),
  );

  app.post(
    '/checkout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary:
          'Place one order of the given lines, or of the cart’s lines (none given): every line’s stock reserved at once, all lines or none; a refusal names the line’s tool and why and changes nothing. The ordered lines leave the cart. A retry with the same Idempotency-Key places nothing and gets the order it placed, as it now stands.',
        headers: idempotencyHeadersSchema,
        body: placeCheckoutSchema,
        response: { 201: orderSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    // The key is claimed and the answer stored by the batch that places the order (decision 060).
    async (request, reply) =>
      sendAnswer(reply, await checkout.place(viewerOf(request), request.body, idempotencyClaimOf(request))),
  );
};
