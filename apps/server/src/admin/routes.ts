import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityPageSchema,
  activityQuerySchema,
  overviewQuerySchema,
  overviewSchema,
} from '@toolshop/shared/admin';
import { listActivity } from './activity';
import { loadOverview } from './overview';
import { errorResponses } from '../plugins/app/route-schemas';

const errors = errorResponses(400, 401, 403);

/** The back office: the Sales Overview's figures and the activity log. Admins only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sales, orders waiting and low stock (?days=7|30|90 for the chart and top tools)',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, ...errors },
      },
    },
    (request) => loadOverview(app.db, request.query.days),
  );

  app.get(
    '/admin/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The log of admin actions, newest first (?kind=&actor=&page=&limit=)',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    (request) => listActivity(app.db, request.query),
  );
};
