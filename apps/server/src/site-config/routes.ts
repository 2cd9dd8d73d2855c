import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigSchema, type SiteConfig } from '@toolshop/shared/site-config';
import { isGoogleSignInConfigured, isStripeConfigured } from '../env';
import { encodeBody, sendCachedBody } from '../plugins/app/response-cache';

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const config: SiteConfig = {
    googleSignIn: isGoogleSignInConfigured(app.env),
    payments: isStripeConfigured(app.env)
      ? { mode: 'stripe', publishableKey: app.env.STRIPE_PUBLISHABLE_KEY! }
      : { mode: 'demo' },
  };
  // The settings come from the environment, fixed for the life of the process: serialized once.
  const body = encodeBody({ json: siteConfigSchema.parse(config) });

  // Public: the sign-in page needs to know whether to offer Google before anyone is signed in.
  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: 'Public site settings', response: { 200: siteConfigSchema } },
    },
    (request, reply) => {
      sendCachedBody(request, reply, body);
    },
  );
};
