import { z } from 'zod';

/** How cards are taken: Stripe when the shop has keys, else the built-in demo processor. */
const paymentsConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('demo') }),
  z.object({ mode: z.literal('stripe'), publishableKey: z.string() }),
]);

/** Public site settings the web app needs before anyone signs in. */
export const siteConfigSchema = z.object({ googleSignIn: z.boolean(), payments: paymentsConfigSchema });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
