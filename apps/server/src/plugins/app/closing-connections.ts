import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the server is closing, every answer closes its connection. Closing the server ends the keep-alive
 * connections that are idle at that moment, but one whose request was in flight would be kept alive after
 * its answer, idle, until the keep-alive timeout (72 s), and the shutdown would wait for it (decision 038).
 * Requests that arrive after the close began get Fastify's 503 with `Connection: close`.
 */
export const closingConnectionsPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback, not an async function: this runs for every answer, and a promise each is not free.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
});
