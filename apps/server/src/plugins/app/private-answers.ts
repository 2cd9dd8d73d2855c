import type { onSendHookHandler } from 'fastify';

/** Answers behind sign-in: neither a shared cache nor the browser's disk may keep them. */
export const PRIVATE_ANSWER = 'private, no-store';

/** A rule a route chose itself that already keeps its answer out of shared caches. */
const ALREADY_PRIVATE = /\b(private|no-store)\b/i;

/**
 * An onSend hook that gives an answer the cache rule `directive`, unless its route set a private one on
 * purpose (the token's bare `no-store`). A shareable rule (`public`, or none at all) is replaced: what sits
 * behind sign-in names someone, and a shared cache keeping it would hand it to the next caller.
 */
export function keepPrivate(directive: string): onSendHookHandler {
  return (_request, reply, payload, done) => {
    const chosen = reply.getHeader('cache-control');
    if (typeof chosen !== 'string' || !ALREADY_PRIVATE.test(chosen))
      void reply.header('cache-control', directive);
    done(null, payload);
  };
}
