import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileInputSchema, profileSchema } from '@toolshop/shared/profile';
import { viewerOf } from '../plugins/app/access';
import { emailParams, errorResponses } from '../plugins/app/route-schemas';
import type { ProfileService } from './service';

const errors = errorResponses(400, 401, 403, 404);

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
