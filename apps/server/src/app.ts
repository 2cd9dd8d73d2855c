import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import { healthRoutes } from './health/routes';
import { errorHandlerPlugin } from './plugins/app/errors';
import { openApiPlugin } from './plugins/external/openapi';
import { securityPlugin } from './plugins/external/security';
import { webAppPlugin } from './plugins/external/web-app';
import { reviewRoutes } from './reviews/routes';
import { toolRoutes } from './tools/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    env: Env;
  }
}

export interface AppDependencies {
  env: Env;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
}

// apps/web/dist, the same distance from src/app.ts and from the bundled dist/main.js.
const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole application, ready to listen or to be called with `inject()` in tests. */
export async function buildApp({ env, db, logger = false, webRoot = defaultWebRoot }: AppDependencies) {
  const app = Fastify({
    logger,
    // Behind a reverse proxy the client address is in X-Forwarded-For; rate limits need the real one.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('env', env);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(toolRoutes);
      await api.register(reviewRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { root: webRoot });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
