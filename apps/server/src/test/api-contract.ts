import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app';

/**
 * Holds real answers to the OpenAPI document (decision 041): the operation a request reaches, its status
 * documented, the media type documented for that status, and a JSON body valid against its schema.
 */

type JsonObject = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface Exchange {
  method: string;
  /** The URL as requested, under /api. */
  url: string;
  response: LightMyRequestResponse;
}

export interface Contract {
  /** The problems with this answer; empty when it is what the document says. */
  problems(exchange: Exchange): string[];
  /** The operation a request reaches, or undefined when the document has none. */
  operationOf(method: string, url: string): { path: string; operation: Operation } | undefined;
  document: OpenApiDocument;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export function contractOf(document: OpenApiDocument): Contract {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as unknown as JsonObject, 'api');
  const validators = new Map<string, ValidateFunction>();

  // OpenAPI: concrete paths are matched before templated ones.
  const templates = Object.keys(document.paths)
    .map((path) => ({
      path,
      concrete: !path.includes('{'),
      pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => Number(b.concrete) - Number(a.concrete));

  function operationOf(method: string, url: string) {
    const pathname = new URL(url, 'http://shop.test').pathname.replace(/^\/api/, '');
    for (const { path, pattern } of templates) {
      const operation = pattern.test(pathname) ? document.paths[path]![method.toLowerCase()] : undefined;
      if (operation) return { path, operation };
    }
    return undefined;
  }

  function problems({ method, url, response }: Exchange): string[] {
    const where = `${method} ${url} → ${response.statusCode}`;
    const found = operationOf(method, url);
    if (!found) return [`${where}: no operation in the document`];
    const { path, operation } = found;
    const status = String(response.statusCode);
    const documented = operation.responses[status] ? status : response.statusCode >= 500 ? 'default' : null;
    if (!documented) return [`${where}: status not documented (${Object.keys(operation.responses)})`];
    const content = operation.responses[documented]!.content;
    const received = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!content) {
      return response.rawPayload.length === 0 ? [] : [`${where}: a body where the document has none`];
    }
    const mediaType = Object.keys(content).find((type) => type === received);
    if (!mediaType)
      return [`${where}: content-type ${received || 'none'}, documented ${Object.keys(content)}`];
    if (!mediaType.includes('json')) return [];
    const key = pointer('paths', path, method.toLowerCase(), 'responses', documented, 'content', mediaType);
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `api#/${key}/schema` });
      validators.set(key, validate);
    }
    return validate(response.json())
      ? []
      : [`${where}: body ${response.body.slice(0, 300)} does not match: ${ajv.errorsText(validate.errors)}`];
  }

  return { problems, operationOf, document };
}

/** `app.inject` that also records each exchange, for the contract to judge. */
export function recordingInject(app: App, exchanges: Exchange[]) {
  return async (options: InjectOptions & { method: string; url: string }) => {
    const response = await app.inject(options);
    exchanges.push({ method: options.method, url: options.url, response });
    return response;
  };
}
