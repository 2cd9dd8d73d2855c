import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';

/**
 * A row's id in an address. Ids are UUIDs, so anything else names no row: the error handler answers a
 * malformed one with 404 and `notFoundMessage`, as it would an unknown one (errors.ts).
 */
export const idParams = (notFoundMessage: string) => z.object({ id: z.uuid({ error: notFoundMessage }) });

/** An account's e-mail address in an address (SPEC §7's `/user/:email`, `/profile/:email`, …). */
export const emailParams = z.object({ email: z.string().min(1).max(254) });

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The response map of a route's error answers: each status in the shop's one error shape. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
