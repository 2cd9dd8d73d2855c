import { z } from 'zod';

/** Public site settings the web app needs before anyone signs in. */
export const siteConfigSchema = z.object({ googleSignIn: z.boolean() });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
