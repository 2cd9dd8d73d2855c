import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

/**
 * `npm run dev`: Vite's dev server in middleware mode inside this process (React Router's custom-server
 * setup). Modules are compiled on request with hot reload, and pages are rendered from the newest source
 * by the same handler as in production (decision 024). Vite is loaded only here, never in production.
 */
export async function mountWebDevServer(
  app: FastifyInstance,
  webDir: string,
): Promise<() => Promise<ServerBuild>> {
  const { createServer } = await import('vite');
  // Hot reload over this server's own port: the page's CSP allows connections to its own origin only.
  const vite = await createServer({
    root: webDir,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  return async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}
