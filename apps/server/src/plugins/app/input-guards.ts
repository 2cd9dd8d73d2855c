import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/** Deeper than any of our schemas needs; deep enough input is an attack on recursive walkers. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Refuses input no route can store or should walk: strings with NUL characters (PostgreSQL cannot
 * store them) and nesting deeper than MAX_INPUT_DEPTH. Iterative, so a body of thousands of nested
 * arrays is a 400, not a stack overflow (issue 8).
 */
export function assertSafeInput(value: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) {
        throw new AppError(400, 'invalid_input', 'Text may not contain NUL characters.');
      }
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new AppError(400, 'invalid_input', 'Input is nested too deeply.');
    }
    for (const child of Object.values(item)) pending.push({ value: child, depth: depth + 1 });
  }
}

function refuseUnsafeInput(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  try {
    assertSafeInput(request.body);
    assertSafeInput(request.params);
    assertSafeInput(request.query);
    done();
  } catch (error) {
    done(error as Error);
  }
}

/**
 * Checks the input of every route that takes some, before validation (a 400, never a stack overflow); a plain
 * GET of a file or a list runs nothing.
 */
export const inputGuardsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const takesInput =
      route.schema?.body || route.schema?.querystring || route.schema?.params || route.method !== 'GET';
    if (takesInput) route.preValidation = [route.preValidation ?? []].flat().concat(refuseUnsafeInput);
  });
});
