import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsSummaryQuerySchema,
  analyticsSummaryResponseSchema,
  errorResponseSchema,
  organizationHeadersSchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import type { AnalyticsService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function analyticsRoutes(analytics: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/analytics/summary',
      {
        config: { org: true },
        schema: {
          tags: ['analytics'],
          security: [{ bearer: [] }],
          headers: organizationHeadersSchema,
          summary:
            "The organisation's catalogue, sales per day and channel, and sync health over a range " +
            '(UTC days; default the last 30, at most 366), in its currency',
          querystring: analyticsSummaryQuerySchema,
          response: { 200: analyticsSummaryResponseSchema, ...errors },
        },
      },
      async (request) => analytics.summary(orgOf(request).id, request.query),
    );
  };
}
