import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  LAST_EVENT_ID_HEADER,
  LIVE_EVENTS_DESCRIPTION,
  liveEventsHeadersSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { LiveEventsHub } from './hub';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export function eventsRoutes(hub: LiveEventsHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/events',
      {
        config: { org: true },
        schema: {
          tags: ['events'],
          security: [{ bearer: [] }],
          summary: 'Live changes of the organisation (server-sent events)',
          description: LIVE_EVENTS_DESCRIPTION,
          headers: liveEventsHeadersSchema,
          produces: ['text/event-stream'],
          // 200 is text/event-stream: a stream that stays open, so no JSON response schema.
          response: errors,
        },
      },
      async (request, reply) => {
        const stream = {
          organizationId: orgOf(request).id,
          userId: authOf(request).userId,
          lastEventId: request.headers[LAST_EVENT_ID_HEADER],
          headers: Object.fromEntries(
            Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
          ),
        };
        // A refusal is an ordinary JSON answer, sent before the stream takes over the reply.
        hub.admit(stream);
        await hub.listen();
        reply.hijack();
        await hub.open(stream, reply.raw);
      },
    );
  };
}
