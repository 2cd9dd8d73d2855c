import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inputMessages } from '@toolshop/shared/messages';
import { AppError } from './errors';

/** Deeper than any of our schemas needs; deep enough input is an attack on recursive walkers. */
export const MAX_INPUT_DEPTH = 32;

/** Why `text` can be neither stored nor passed on, or null when it is fine. */
function textProblem(text: string): string | null {
  // PostgreSQL cannot store NUL, and a lone surrogate is invalid jsonb that fails the whole statement it is
  // in, other customers' orders included (decision 034).
  if (text.includes('\u0000')) return inputMessages.nulCharacter;
  if (!text.isWellFormed()) return inputMessages.illFormedText;
  return null;
}

function refuseBadText(text: string, field: string): void {
  const problem = textProblem(text);
  if (problem) throw new AppError(400, 'invalid_input', problem, { [field]: problem });
}

/**
 * Refuses input no route can store or should walk: text (values and keys) with NUL characters or lone
 * surrogates, answered naming the field as validation does (`body.address`, `querystring.q`), and
 * nesting deeper than MAX_INPUT_DEPTH. Iterative, so a body of thousands of nested arrays is a 400, not a
 * stack overflow (decision 013).
 */
export function assertSafeInput(value: unknown, where: string): void {
  const pending: Array<{ value: unknown; field: string; depth: number }> = [
    { value, field: where, depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, field, depth } = next;
    if (typeof item === 'string') {
      refuseBadText(item, field);
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new AppError(400, 'invalid_input', inputMessages.nestedTooDeeply);
    }
    for (const [key, child] of Object.entries(item)) {
      // The field's name is echoed back in the answer: made well-formed itself first.
      const childField = `${field}.${key.toWellFormed()}`;
      refuseBadText(key, childField);
      pending.push({ value: child, field: childField, depth: depth + 1 });
    }
  }
}

function refuseUnsafeInput(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  try {
    // Named as validation names them (errors.ts), so a client reads both kinds of refusal the same way.
    assertSafeInput(request.body, 'body');
    assertSafeInput(request.params, 'params');
    assertSafeInput(request.query, 'querystring');
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
