import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument, TAGS } from '../app/api-document';
import { documentOperation, SECURITY_SCHEMES } from '../app/api-operations';

/**
 * The OpenAPI document, built from the same zod schemas the routes validate with, at /api/docs; each
 * operation's security, statuses and media types follow from what its route declares (decision 041).
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  // Better Auth names its cookie after PUBLIC_URL's scheme (`__Secure-` on https).
  const sessionCookie = (await app.auth.$context).authCookies.sessionToken.name;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Toolshop API',
        description:
          'The API of the Toolshop storefront. Errors are `{ error: { code, message, fields? } }` (Better Auth’s calls under /auth: `{ code, message }`). Sign in with POST /auth/sign-in/email; its `token` goes in `Authorization: Bearer <token>`.',
        version: '1.0.0',
        contact: { name: 'Toolshop' },
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      },
      servers: [{ url: '/api' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.session]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'The web app’s httpOnly session cookie, set by POST /auth/sign-in/email.',
          },
          [SECURITY_SCHEMES.bearer]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token that POST /auth/sign-in/email (or PUT /user/{email}) answers, for API clients.',
          },
        },
      },
    },
    transform: (input) => {
      // /sitemap.xml and /robots.txt live at the site's root, not under the /api server: not documented.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
      const access = input.route.config?.access ?? 'public';
      const method = [input.route.method].flat()[0]!;
      return { schema: documentOperation({ method, url, access, schema: { ...schema } }), url };
    },
    transformObject: (documentObject) =>
      finishDocument(jsonSchemaTransformObject(documentObject) as Record<string, unknown>),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
