import { apiErrorSchema } from '@toolshop/shared/api-error';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_FIELD, UPLOAD_MAX_BYTES } from '@toolshop/shared/upload';
import { z } from 'zod';
import type { Access } from './access';

/**
 * How each /api route is described in the OpenAPI document, decided here once from what the route
 * declares (its access rule, schemas, summary, produces/consumes) rather than in every route (decision 041).
 */

// One component for the error shape every route answers with, instead of a copy in every response.
z.globalRegistry.add(apiErrorSchema, { id: 'ApiError' });

export const SECURITY_SCHEMES = {
  session: 'sessionCookie',
  bearer: 'bearerToken',
} as const;

/** What each status means in this API; every documented response takes its description from here. */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Done: the requested data, or the record as it is now.',
  201: 'Created: the new record.',
  304: 'Not Modified: the copy named by If-None-Match is still current.',
  400: 'Bad input: `error.fields` names each field that is wrong and why.',
  401: 'Not signed in: send the session cookie or `Authorization: Bearer <token>`.',
  402: 'The card was declined; the order stays unpaid.',
  403: 'Not allowed: not your record, not an admin, or a cookie-carrying write from another site.',
  404: 'Not found.',
  409: 'Refused by the current state (e.g. not enough stock, the order already paid or cancelled).',
  413: 'The body is too large.',
  415: 'The body is not of a type this call takes.',
  422: 'This Idempotency-Key was already used for a different request.',
  429: 'Too many requests: try again later.',
  503: 'The database is unreachable: try again after `Retry-After` seconds.',
  default: 'Any other failure, in the same error shape (500: a fault of ours; 503: the database is away).',
};

const WHO_MAY_CALL: Record<Access, string> = {
  public: 'Anyone may call this.',
  'session-if-any':
    'Anyone may call this; with the session cookie or `Authorization: Bearer <token>` it acts for that account.',
  'signed-in': 'Needs a signed-in account: the session cookie or `Authorization: Bearer <token>`.',
  admin: 'Admins only: the session cookie or Bearer token of an admin account.',
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `PUT /api/user/admin/:email` → `putUserAdminByEmail`: unique as long as method and URL are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalise(segment.slice(1))}`
        : segment
            .split(/[^a-zA-Z0-9]+/)
            .map(capitalise)
            .join(''),
    );
  return method.toLowerCase() + words.join('');
}

type JsonSchema = Record<string, unknown>;

/** A success body that is not JSON: bytes, or text. */
function nonJsonSchema(mediaType: string): JsonSchema {
  return mediaType.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
}

function responseOf(status: string, schema: JsonSchema, mediaTypes: string[]): JsonSchema {
  const description = STATUS_DESCRIPTIONS[status] ?? STATUS_DESCRIPTIONS.default!;
  // No body: fastify-swagger leaves out `content` for a schema of type null.
  if (status === '304') return { type: 'null', description };
  const success = status.startsWith('2');
  const content = Object.fromEntries(
    (success && mediaTypes.length > 0 ? mediaTypes : ['application/json']).map((mediaType) => [
      mediaType,
      { schema: mediaType.includes('json') ? schema : nonJsonSchema(mediaType) },
    ]),
  );
  return { description, content };
}

/** The multipart form of an upload route (it reads the file itself, so declares no body schema). */
const uploadForm: JsonSchema = {
  type: 'object',
  properties: {
    [UPLOAD_FIELD]: {
      type: 'string',
      format: 'binary',
      description: `${UPLOAD_ACCEPTED_TYPES.join(', ')}; at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
  required: [UPLOAD_FIELD],
};

export interface RouteToDocument {
  method: string;
  url: string;
  access: Access;
  /** The route's schema as fastify-type-provider-zod's transform made it (JSON Schema). */
  schema: JsonSchema;
}

const SESSION_OR_TOKEN: Record<string, string[]>[] = [
  { [SECURITY_SCHEMES.session]: [] },
  { [SECURITY_SCHEMES.bearer]: [] },
];

/** The credentials an operation takes; an empty requirement, `{}`, makes them optional (OpenAPI 3.0.3, Security Requirement Object). */
function securityOf(access: Access): Record<string, string[]>[] {
  if (access === 'public') return [];
  return access === 'session-if-any' ? [{}, ...SESSION_OR_TOKEN] : SESSION_OR_TOKEN;
}

/**
 * The route's schema with everything the document needs: operationId, description, security, the
 * statuses the shared plugins may answer with, a description and a media type for every response.
 */
export function documentOperation({ method, url, access, schema }: RouteToDocument): JsonSchema {
  const {
    produces,
    consumes,
    response = {},
    ...rest
  } = schema as JsonSchema & {
    produces?: string[];
    consumes?: string[];
    response?: Record<string, JsonSchema>;
  };
  const errorRef = { $ref: '#/components/schemas/ApiError' };
  const takesBody = Boolean(rest.body) || Boolean(consumes?.length);
  // Statuses any route of its kind may answer, whatever its own code does: a malformed URL or query,
  // the access hook, the cross-site refusal, Fastify's body checks.
  const shared: string[] = [
    '400',
    ...(access === 'signed-in' || access === 'admin' ? ['401'] : []),
    ...(access === 'admin' || UNSAFE_METHODS.has(method) ? ['403'] : []),
    ...(takesBody ? ['413', '415'] : []),
  ];
  const statuses: Record<string, JsonSchema> = { ...response };
  for (const status of shared) statuses[status] ??= errorRef;
  statuses.default = errorRef;

  const body = !rest.body && consumes?.includes('multipart/form-data') ? { body: uploadForm, consumes } : {};
  return {
    ...rest,
    ...body,
    ...(rest.body && consumes ? { consumes } : {}),
    operationId: operationIdOf(method, url),
    description: [rest.description, WHO_MAY_CALL[access]].filter(Boolean).join(' '),
    security: securityOf(access),
    response: Object.fromEntries(
      Object.entries(statuses).map(([status, json]) => [status, responseOf(status, json, produces ?? [])]),
    ),
  };
}
