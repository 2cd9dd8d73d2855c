import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInputSchema,
  categoryListSchema,
  categoryMessages,
  categoryOrderSchema,
  categorySchema,
} from '@toolshop/shared/category';
import { deleteResultSchema } from '@toolshop/shared/order';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import { actorOf } from '../plugins/app/access';
import type { ResponseCache } from '../plugins/app/response-cache';
import { errorResponses, idParams } from '../plugins/app/route-schemas';
import type { CategoryService } from './service';

const categoryParams = idParams(categoryMessages.notFound);

export const categoryRoutes: FastifyPluginAsyncZod<{
  categories: CategoryService;
  responses: ResponseCache;
}> = async (app, { categories: service, responses }) => {
  // Public: the storefront's category pages, filters and navigation read it.
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['categories'],
        summary: 'Every category of the catalogue, in the shop’s order, with its tools counted',
        response: { 200: categoryListSchema },
      },
    },
    (request, reply) => responses.serve(request, reply, CATALOGUE_TOPIC, () => service.list()),
  );

  app.post(
    '/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Add a category, listed last (its slug made from the name unless given)',
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
  );

  app.put(
    '/categories/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Reorder the categories: every category’s id once, in the new order',
        body: categoryOrderSchema,
        response: { 200: categoryListSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => service.reorder(request.body.order, actorOf(request)),
  );

  app.put(
    '/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Rename a category or change its description (its slug only when given)',
        params: categoryParams,
        body: categoryInputSchema,
        response: { 200: categorySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Delete a category; refused (409) while it holds tools of the catalogue',
        params: categoryParams,
        response: { 200: deleteResultSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => service.remove(request.params.id, actorOf(request)),
  );
};
