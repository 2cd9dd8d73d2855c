import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_INPUT_DEPTH } from './input-guards';
import { AppError } from './errors';

/** How deeply `text` nests arrays and objects, counting brackets outside strings; stops past `limit`. */
export function jsonNestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Replaces Fastify's JSON body parser for every route, Better Auth's included: a body nested deeper than
 * MAX_INPUT_DEPTH is a 400 before anything parses or walks it (issue 8), and the rest goes to Fastify's
 * own parser, prototype-poisoning checks and all.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestingDepth(text, MAX_INPUT_DEPTH) > MAX_INPUT_DEPTH) {
      done(new AppError(400, 'invalid_input', 'Input is nested too deeply.'), undefined);
      return;
    }
    parse(request, text, done);
  });
});
