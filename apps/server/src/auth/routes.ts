import type { FastifyPluginAsync } from 'fastify';
import { publicUrl } from '../env';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Mounts Better Auth under /api/auth: each request is handed over as a Fetch Request and its Response
 * copied back. Better Auth answers in its own error format ({ code, message }) here, as its client expects.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      // Replace whatever a client sent: only Fastify knows (per TRUST_PROXY) which address to believe.
      headers.set(CLIENT_IP_HEADER, request.ip);

      const response = await app.auth.handler(
        // The shop's own address, never the Host header: a client chooses that, and a malformed one
        // would make the URL unparseable.
        new Request(new URL(request.url, publicUrl(app.env)), {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
