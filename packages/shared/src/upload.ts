import { z } from 'zod';

/** Upload limits (ARCHITECTURE §2, issue "Accounts"): checked by the server, shown by the forms. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MAX_WIDTH = 1200;
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** POST /uploads answers as SPEC §7's image host did: success and data.url. */
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
