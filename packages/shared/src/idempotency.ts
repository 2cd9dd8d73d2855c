import { z } from 'zod';

/** How long the first answer to a keyed write is kept for its retries (Stripe keeps them 24 hours too). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * The optional `Idempotency-Key` header of retryable writes (placing an order, paying one): any printable
 * ASCII up to 255 characters. The web app sends a random key per attempt, the same for a retry of that
 * attempt (apps/web/src/lib/attempt-key.ts).
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'Use printable characters without spaces')
    .optional(),
});
