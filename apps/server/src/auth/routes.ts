import type { FastifyPluginAsync } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { publicUrl } from '../env';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Better Auth's bodies are a few hundred bytes (sign-up: a name of at most 100 characters, an address of
 * 254, a password of 128); anyone may send them, before any rate limit (decision 034).
 */
export const AUTH_BODY_MAX_BYTES = 8 * 1024;

/**
 * Mounts Better Auth under /api/auth: each request is handed over as a Fetch Request, with the body's text
 * as the client sent it, and its Response copied back. Better Auth answers in its own error format
 * ({ code, message }) here, as its client expects; the shop's input guards answer in the shop's.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    bodyLimit: AUTH_BODY_MAX_BYTES,
    // The text goes to Better Auth as it came; the parsed body is for the input guards alone.
    config: { keepJsonText: true },
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      // Replace whatever a client sent: only Fastify knows (per TRUST_PROXY) which address to believe.
      headers.set(CLIENT_IP_HEADER, request.ip);

      const response = await app.auth.handler(
        // The shop's own address, never the Host header: a client chooses that, and a malformed one
        // would make the URL unparseable.
        new Request(new URL(request.url, publicUrl(app.env)), {
          method: request.method,
          headers,
          body: request.jsonText ?? (typeof request.body === 'string' ? request.body : undefined),
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
