import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '@toolshop/shared/site-config';
import { isGoogleSignInConfigured, isStripeConfigured } from '../env';

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in page needs to know whether to offer Google before anyone is signed in.
  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: 'Public site settings', response: { 200: siteConfigSchema } },
    },
    () => ({
      googleSignIn: isGoogleSignInConfigured(app.env),
      payments: isStripeConfigured(app.env)
        ? { mode: 'stripe' as const, publishableKey: app.env.STRIPE_PUBLISHABLE_KEY! }
        : { mode: 'demo' as const },
    }),
  );
};
