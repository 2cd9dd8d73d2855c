import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS, type ImageWidth } from '@toolshop/shared/image-sizes';
import { UPLOAD_FIELD, UPLOAD_MAX_BYTES, uploadResponseSchema } from '@toolshop/shared/upload';
import { viewerOf } from '../plugins/app/access';
import { AppError } from '../plugins/app/errors';
import { errorResponses } from '../plugins/app/route-schemas';
import { multipartPlugin } from '../plugins/external/multipart';
import type { ImageService } from './service';

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `Images may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);

const imageRequired = () =>
  new AppError(400, 'invalid_input', 'Send the image in a field named "image".', {
    image: 'Image is Required',
  });

/**
 * The multipart parser throws plain errors for a body that is not a well-formed form (no boundary, cut
 * off, extra fields): those are the client's mistakes, answered with 400, never 500.
 */
function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return imageRequired();
  return new AppError(400, 'bad_request', 'The upload is not a well-formed multipart form.');
}

export const imageRoutes: FastifyPluginAsyncZod<{ images: ImageService }> = async (
  app,
  { images: service },
) => {
  await app.register(multipartPlugin);

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
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'unsupported_media_type', 'Send the image as multipart/form-data.');
      }
      let upload: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== UPLOAD_FIELD) throw imageRequired();
        upload = await file.toBuffer();
      } catch (error) {
        throw error instanceof AppError ? error : uploadError(error);
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
        summary:
          'An uploaded image (WebP, cached for a year: its address never changes); ?w= one of the srcset widths',
        produces: ['image/webp'],
        // The image's id, with or without `.webp`.
        params: z.object({
          file: z
            .string()
            .transform((file) => file.replace(/\.webp$/, ''))
            .pipe(z.uuid({ error: 'Image not found' })),
        }),
        querystring: z.object({
          w: z.coerce
            .number()
            .refine((width): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width), {
              error: `w is one of ${IMAGE_WIDTHS.join(', ')}`,
            })
            .optional(),
        }),
        response: {
          200: z.any().describe('image/webp bytes'),
          304: z.null(),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.file;
      const { w: width } = request.query;
      const data = await service.read(id, width as ImageWidth | undefined);
      // The address names the bytes for ever, so the id (and the width) is a strong validator.
      const etag = `"${id.toLowerCase()}${width ? `@${width}` : ''}"`;
      void reply
        .type('image/webp')
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.send(data);
    },
  );
};
