import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingSettingsSchema } from '@toolshop/shared/shop-settings';
import { actorOf } from '../plugins/app/access';
import { errorResponses } from '../plugins/app/route-schemas';
import type { ShopSettingsService } from './service';

export const shopSettingsRoutes: FastifyPluginAsyncZod<{ shopSettings: ShopSettingsService }> = async (
  app,
  { shopSettings: service },
) => {
  // Public: the cart tells a visitor from which subtotal shipping is free before they sign in.
  app.get(
    '/settings/shipping',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'The shipping fee per order and the subtotal from which shipping is free (null: never)',
        response: { 200: shippingSettingsSchema },
      },
    },
    () => service.shipping(),
  );

  app.put(
    '/settings/shipping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['site'],
        summary:
          'Set the shipping fee per order and the free-shipping threshold (logged; placed orders keep what they were charged)',
        body: shippingSettingsSchema,
        response: { 200: shippingSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.setShipping(request.body, actorOf(request)),
  );
};
