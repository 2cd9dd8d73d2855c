import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, built from the same zod schemas the routes validate with, at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Toolshop API',
        description:
          'The API of the Toolshop storefront. Errors are `{ error: { code, message, fields? } }`.',
        version: '1.0.0',
      },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
    // Paths in the document are relative to the /api server entry above.
    transformObject: (documentObject) => {
      const spec =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      const paths = Object.fromEntries(
        Object.entries(spec.paths ?? {}).map(([route, item]) => [route.replace(/^\/api/, ''), item]),
      );
      return { ...spec, paths };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
