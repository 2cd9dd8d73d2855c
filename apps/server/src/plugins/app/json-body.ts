import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inputMessages } from '@toolshop/shared/messages';
import { MAX_INPUT_DEPTH } from './input-guards';
import { AppError } from './errors';

/**
 * The default limit of a body read whole (JSON, text), for every route that sets none of its own. The
 * widest of our schemas (a tool: a name, a 1,000-character description, …) stays under 8 kB even with
 * every character \u-escaped. Larger is a 413, before the body is read when its length is announced
 * (decision 034).
 */
export const BODY_MAX_BYTES = 16 * 1024;

/** Far more keys than any of our bodies has (a dozen); a wide object is what makes parsing cost seconds. */
export const MAX_JSON_KEYS = 1_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the JSON body's text in `request.jsonText` (for a handler that passes the request on). */
    keepJsonText?: boolean;
  }
  interface FastifyRequest {
    jsonText: string | null;
  }
}

export type JsonShape = { depth: number; keys: number };

/**
 * How deeply `text` nests arrays and objects and how many keys its objects have, counting brackets and
 * colons outside strings in one pass; stops as soon as either passes its limit.
 */
export function jsonShape(text: string, limits: JsonShape): JsonShape {
  let depth = 0;
  const shape: JsonShape = { depth: 0, keys: 0 };
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x3a /* : */) {
      shape.keys += 1;
      if (shape.keys > limits.keys) return shape;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > shape.depth) shape.depth = depth;
      if (shape.depth > limits.depth) return shape;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return shape;
}

/** Why a JSON text is refused before it is parsed, or null. */
function shapeProblem(text: string): string | null {
  const shape = jsonShape(text, { depth: MAX_INPUT_DEPTH, keys: MAX_JSON_KEYS });
  if (shape.depth > MAX_INPUT_DEPTH) return inputMessages.nestedTooDeeply;
  if (shape.keys > MAX_JSON_KEYS) return inputMessages.tooManyKeys(MAX_JSON_KEYS);
  return null;
}

/**
 * Replaces Fastify's JSON body parser for every route, Better Auth's included: a body nested deeper than
 * MAX_INPUT_DEPTH or with more than MAX_JSON_KEYS keys is a 400 before anything parses or walks it
 * (decisions 013 and 034); the rest goes to Fastify's own parser, prototype-poisoning checks and all,
 * once. A route that passes the request on (Better Auth) asks for the text too, rather than re-serializing.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('jsonText', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const problem = shapeProblem(text);
    if (problem) {
      done(new AppError(400, 'invalid_input', problem), undefined);
      return;
    }
    if (request.routeOptions.config.keepJsonText) request.jsonText = text;
    parse(request, text, done);
  });
});
