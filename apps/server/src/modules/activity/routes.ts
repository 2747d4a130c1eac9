import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityParamsSchema,
  deleteActivitiesBodySchema,
  deleteActivitiesResponseSchema,
  errorResponseSchema,
  listActivitiesQuerySchema,
  listActivitiesResponseSchema,
  organizationHeadersSchema,
} from '@stocksync/contract';
import { z } from 'zod';
import { orgOf } from '../../plugins/org-scope';
import type { ActivityService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const common = {
  tags: ['activity'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

export function activityRoutes(activity: ActivityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/activity_logs',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Activity log of the organisation, newest first; with user_id, one member's",
          querystring: listActivitiesQuerySchema,
          response: { 200: listActivitiesResponseSchema, ...errors },
        },
      },
      async (request) =>
        activity.list(
          orgOf(request).id,
          request.query.page,
          request.query.pageSize,
          request.query.user_id,
        ),
    );

    app.delete(
      '/v1/activity_logs/:id',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Delete one activity entry',
          params: activityParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await activity.deleteOne(orgOf(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/v1/activity_logs',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Delete several activity entries (other organisations' ids are ignored)",
          body: deleteActivitiesBodySchema,
          response: { 200: deleteActivitiesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        deleted: await activity.deleteMany(orgOf(request).id, request.body.ids),
      }),
    );
  };
}
