import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@toolshop/shared/api-error';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../db/errors';

/** The one error type features throw; mapped to ARCHITECTURE §4's JSON shape in one place (below). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

// Fastify's own client errors (bad JSON, body too large, wrong content type, …) keep their status and get
// a stable code a client can switch on.
const fastifyClientErrorCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function toErrorReply(error: FastifyError): { status: number; body: ApiErrorBody; retryAfter?: number } {
  if (isDatabaseUnavailable(error)) {
    const { code, message } = DATABASE_UNAVAILABLE;
    return { status: 503, body: errorBody(code, message), retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  }
  if (error instanceof AppError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.fields) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // An id in the address that is not a UUID names no row: answered as an unknown one (route-schemas.ts).
    const [first] = error.validation;
    if (error.validationContext === 'params' && first?.params.format === 'uuid') {
      return { status: 404, body: errorBody('not_found', first.message ?? 'Not found') };
    }
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.');
      fields[where] ??= issue.message ?? 'Invalid value';
    }
    return { status: 400, body: errorBody('invalid_input', 'Some fields are not valid.', fields) };
  }
  // Only Fastify's own client errors (bad JSON, body too large, multipart limits…) keep their status: a
  // library's error may carry a status of its own (a payment provider's 401 for a bad key) that says
  // nothing true to our client.
  const status = error.statusCode ?? 500;
  const isFastifyClientError = typeof error.code === 'string' && error.code.startsWith('FST_');
  if (isFastifyClientError && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return { status, body: errorBody(fastifyClientErrorCodes[status] ?? 'bad_request', error.message) };
  }
  return { status: 500, body: errorBody('internal_error', 'Something went wrong on our side.') };
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, retryAfter } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (retryAfter) void reply.header('retry-after', retryAfter);
    return reply.status(status).send(body);
  });
});
