import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { UPLOAD_MAX_BYTES, uploadResponseSchema } from '@toolshop/shared/upload';
import { viewerOf } from '../plugins/app/access';
import { AppError } from '../plugins/app/errors';
import { createImageService } from './service';

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `Images may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createImageService(app.db);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  app.post(
    '/uploads',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['images'],
        summary: 'Upload an image (multipart field "image": PNG, JPEG, WebP or GIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'unsupported_media_type', 'Send the image as multipart/form-data.');
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'image') {
        throw new AppError(400, 'invalid_input', 'Send the image in a field named "image".', {
          image: 'Image is Required',
        });
      }
      let upload: Buffer;
      try {
        upload = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      const stored = await service.store(upload, viewerOf(request).id);
      return reply.status(201).send({ success: true as const, data: stored });
    },
  );

  app.get(
    '/images/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'An uploaded image (WebP, cached for a year: its address never changes)',
        params: z.object({ file: z.string() }),
        response: { 200: z.any().describe('image/webp bytes'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await service.read(request.params.file.replace(/\.webp$/, ''));
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(data);
    },
  );
};
