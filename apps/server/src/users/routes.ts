import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatusSchema,
  userListSchema,
  userRecordInputSchema,
  userSchema,
  userTokenSchema,
} from '@toolshop/shared/user';
import { actorOf, viewerOf } from '../plugins/app/access';
import { emailParams, errorResponses } from '../plugins/app/route-schemas';
import type { UserService } from './service';

const errors = errorResponses(400, 401, 403, 404);

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.put(
    '/user/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Record the signed-in user and get a bearer token for API calls (own e-mail only)',
        params: emailParams,
        // SPEC §7 sends { email }; Fastify hands a missing body to validation as null.
        body: userRecordInputSchema.nullish(),
        response: { 200: userTokenSchema, ...errors },
      },
    },
    (request, reply) => {
      // A bearer token is a credential: no cache keeps it, not even the caller's own (decision 040).
      void reply.header('cache-control', 'no-store');
      return users.tokenFor(viewerOf(request), request.params.email, request.body?.email);
    },
  );

  app.get(
    '/admin/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Whether an account is an admin (own e-mail; admins may ask about anyone)',
        params: emailParams,
        response: { 200: adminStatusSchema, ...errors },
      },
    },
    async (request) => ({ admin: await users.isAdmin(viewerOf(request), request.params.email) }),
  );

  app.get(
    '/user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'List every account',
        response: { 200: userListSchema, ...errors },
      },
    },
    () => users.list(),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Make an account an admin',
        params: emailParams,
        response: { 200: userSchema, ...errors },
      },
    },
    (request) => users.promote(actorOf(request), request.params.email),
  );

  app.delete(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Make another admin a customer again (never yourself, never the last admin)',
        params: emailParams,
        response: { 200: userSchema, ...errors, ...errorResponses(409) },
      },
    },
    (request) => users.revoke(actorOf(request), request.params.email),
  );
};
