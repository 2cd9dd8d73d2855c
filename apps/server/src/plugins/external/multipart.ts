import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_MAX_BYTES } from '@toolshop/shared/upload';

/**
 * Multipart bodies (image uploads): one file of at most UPLOAD_MAX_BYTES, nothing else. Registered by the
 * routes that take uploads, in their own scope: the parser adds a hook to every request it serves, before
 * and after (its temporary files), which every other route would pay for nothing.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
});
