import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResultSchema } from '@toolshop/shared/order';
import {
  restockSchema,
  toolImagesSchema,
  toolInputSchema,
  toolListSchema,
  toolSchema,
  toolUpdateSchema,
} from '@toolshop/shared/tool';
import { asksForPage } from '@toolshop/shared/paging';
import { toolFacetsQuerySchema, toolFacetsSchema } from '@toolshop/shared/tool-facets';
import { toolListQuerySchema, toolPageSchema } from '@toolshop/shared/tool-filters';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import { actorOf } from '../plugins/app/access';
import type { ResponseCache } from '../plugins/app/response-cache';
import { errorResponses, idParams } from '../plugins/app/route-schemas';
import type { ToolService } from './service';

const toolParams = idParams('Tool not found');
const adminErrors = errorResponses(400, 401, 403, 404);

export const toolRoutes: FastifyPluginAsyncZod<{ tools: ToolService; responses: ResponseCache }> = async (
  app,
  { tools: service, responses },
) => {
  // Public: anyone may browse the catalogue.
  app.get(
    '/tools',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary:
          'List all tools (with ?q=&sort=&inStock=&category=&minPrice=&maxPrice=&page=&limit=: a page of 25 by default, with the total, a search by relevance unless sorted; without: the whole catalogue, newest first)',
        querystring: toolListQuerySchema,
        response: { 200: z.union([toolListSchema, toolPageSchema]), ...errorResponses(400) },
      },
    },
    // Served from memory until the catalogue changes (decision 018), each query string apart; ordering
    // still checks the database.
    (request, reply) =>
      responses.serve(request, reply, CATALOGUE_TOPIC, () =>
        asksForPage(request.query) ? service.search(request.query) : service.list(),
      ),
  );

  app.get(
    '/tools/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary:
          'How many tools each category, price range and the in-stock filter would show, the other filters kept',
        querystring: toolFacetsQuerySchema,
        response: { 200: toolFacetsSchema, ...errorResponses(400) },
      },
    },
    (request, reply) => responses.serve(request, reply, CATALOGUE_TOPIC, () => service.facets(request.query)),
  );

  app.get(
    '/tools/:id/related',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: 'Up to four other tools for a product’s page: of its category first, then the newest',
        params: toolParams,
        response: { 200: z.array(toolSchema), ...errorResponses(404) },
      },
    },
    (request, reply) =>
      responses.serve(request, reply, CATALOGUE_TOPIC, () => service.related(request.params.id)),
  );

  app.get(
    '/tools/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: 'Get one tool',
        params: toolParams,
        response: { 200: toolSchema, ...errorResponses(404) },
      },
    },
    (request, reply) =>
      responses.serve(request, reply, CATALOGUE_TOPIC, () => service.get(request.params.id)),
  );

  app.patch(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Set a tool’s stock (restocking; SPEC §7 sends restAvailableQuantity)',
        params: toolParams,
        body: restockSchema,
        response: { 200: toolSchema, ...adminErrors },
      },
    },
    (request) => service.restock(request.params.id, request.body.restAvailableQuantity, actorOf(request)),
  );

  app.post(
    '/tools',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Add a product (price in dollars; the image from POST /uploads)',
        body: toolInputSchema,
        response: { 201: toolSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
  );

  app.put(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary:
          'Edit a product’s price, stock, minimum order, description and image, and its name and low-stock threshold',
        params: toolParams,
        body: toolUpdateSchema,
        response: { 200: toolSchema, ...adminErrors },
      },
    },
    (request) => service.update(request.params.id, request.body, actorOf(request)),
  );

  app.put(
    '/tools/:id/images',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary:
          'Set a product’s photos (up to 8, each from POST /uploads) in their order, the main one first; one left out is removed',
        params: toolParams,
        body: toolImagesSchema,
        response: { 200: toolSchema, ...adminErrors },
      },
    },
    (request) => service.setImages(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Remove a product from the shop (past orders keep its name)',
        params: toolParams,
        response: { 200: deleteResultSchema, ...adminErrors },
      },
    },
    (request) => service.remove(request.params.id, actorOf(request)),
  );
};
