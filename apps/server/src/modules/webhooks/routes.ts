import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@stocksync/contract';
import type { WebhookRequest } from '@stocksync/channels';
import type { WebhooksService } from './service';
import {
  ebayNotificationHeadersSchema,
  shopifyWebhookHeadersSchema,
  tiktokWebhookHeadersSchema,
} from './signature-headers';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  503: errorResponseSchema,
};
const received = z.object({ ok: z.literal(true), duplicate: z.boolean() });

function webhookRequest(request: FastifyRequest): WebhookRequest {
  return {
    headers: request.headers,
    rawBody: typeof request.body === 'string' ? request.body : '',
    url: request.url,
  };
}

/**
 * Channel webhooks. Registered as its own (encapsulated) plugin so its content-type parser, which
 * keeps the exact bytes as a string for signature checks, applies to these routes only.
 */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    for (const platform of ['shopify', 'tiktok'] as const) {
      app.post(
        `/v1/webhooks/${platform}`,
        {
          schema: {
            tags: ['webhooks'],
            summary: `${platform} webhook (signature over the raw body; 401 when invalid)`,
            headers:
              platform === 'shopify' ? shopifyWebhookHeadersSchema : tiktokWebhookHeadersSchema,
            response: { 200: received, ...errors },
          },
        },
        async (request) => ({
          ok: true as const,
          ...(await webhooks.receive(platform, webhookRequest(request))),
        }),
      );
    }

    app.get(
      '/v1/webhooks/ebay/account-deletion',
      {
        schema: {
          tags: ['webhooks'],
          summary: "eBay's endpoint challenge: answers {challengeResponse}",
          querystring: z.object({ challenge_code: z.string().min(1).max(500) }),
          response: { 200: z.object({ challengeResponse: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const answer = webhooks.challenge('ebay', webhookRequest(request));
        return reply.status(answer.status).send(answer.body as { challengeResponse: string });
      },
    );

    app.post(
      '/v1/webhooks/ebay/account-deletion',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'eBay marketplace account deletion notification (ECDSA signature checked)',
          headers: ebayNotificationHeadersSchema,
          response: { 200: received, ...errors },
        },
      },
      async (request) => ({
        ok: true as const,
        ...(await webhooks.receive('ebay', webhookRequest(request))),
      }),
    );
  };
}
