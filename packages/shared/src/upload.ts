import { z } from 'zod';

/** Upload limits (ARCHITECTURE §2, decisions 016 and 036): checked by the server, shown by the forms. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The multipart field that carries the image (SPEC §7's image host called it so). */
export const UPLOAD_FIELD = 'image';
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** A stored image fits inside a square of this side (decision 016): a tall strip cannot get past it. */
export const IMAGE_MAX_SIDE = 1200;
/** A stored image is at most this many bytes; noise that does not compress below it is refused. */
export const IMAGE_STORED_MAX_BYTES = 768 * 1024;

/**
 * What one account may send per rolling day, refused and failed uploads included (several server processes
 * count the same rows); the bytes are those stored.
 */
export const UPLOAD_DAILY_MAX_COUNT = 50;
export const UPLOAD_DAILY_MAX_BYTES = 20 * 1024 * 1024;

export const uploadMessages = {
  storedTooLarge: 'This image does not compress well enough. Try a smaller or simpler picture.',
  busy: 'Too many images are being processed right now. Try again in a moment.',
  dailyLimit: `You can upload at most ${UPLOAD_DAILY_MAX_COUNT} images (${UPLOAD_DAILY_MAX_BYTES / 1024 / 1024} MB) a day, refused ones included. Try again tomorrow.`,
  oneAtATime: 'Your previous image is still being processed. Wait for it to finish, then try again.',
  tooCostly:
    'This image would take too long to process. Try a smaller picture, 8 bits per channel and not interlaced.',
} as const;

/** POST /uploads answers as SPEC §7's image host did: success and data.url. */
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
