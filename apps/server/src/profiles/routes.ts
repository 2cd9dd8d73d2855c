import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { profileInputSchema, profileSchema } from '@toolshop/shared/profile';
import { viewerOf } from '../plugins/app/access';
import type { ProfileService } from './service';

const emailParams = z.object({ email: z.string().min(1).max(254) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles: service },
) => {
  app.get(
    '/profile/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profiles'],
        summary: 'Read a profile (own; admins may read any)',
        params: emailParams,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => service.get(viewerOf(request), request.params.email),
  );

  app.put(
    '/profile/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profiles'],
        summary: 'Update your own profile',
        params: emailParams,
        body: profileInputSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => service.save(viewerOf(request), request.params.email, request.body),
  );
};
