import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@stocksync/contract';
import type { WebhookRequest } from '@stocksync/channels';
import type { WebhooksService } from './service';
import {
  ebayNotificationHeadersSchema,
  shopifyWebhookHeadersSchema,
  stripeWebhookHeadersSchema,
  tiktokWebhookHeadersSchema,
} from './signature-headers';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  503: errorResponseSchema,
};
const received = z.object({ ok: z.literal(true), duplicate: z.boolean() });

/** The exact bytes received (the parser below keeps them as a string); signatures cover them. */
const rawBodyOf = (request: FastifyRequest) =>
  typeof request.body === 'string' ? request.body : '';

function webhookRequest(request: FastifyRequest): WebhookRequest {
  return {
    headers: request.headers,
    rawBody: rawBodyOf(request),
    url: request.url,
  };
}

/**
 * Every webhook, channels' and Stripe's, into the one intake. Registered as its own (encapsulated)
 * plugin so its content-type parser, which keeps the exact bytes as a string for signature checks,
 * applies to these routes only.
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
          ...(await webhooks.intake.receiveChannel(platform, webhookRequest(request))),
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
        ...(await webhooks.intake.receiveChannel('ebay', webhookRequest(request))),
      }),
    );

    app.post(
      '/v1/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'Stripe webhook: Stripe-Signature checked over the raw body (400 when invalid), each event recorded once and applied by a job',
          headers: stripeWebhookHeadersSchema,
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const { duplicate } = await webhooks.intake.receiveStripe(
          rawBodyOf(request),
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true as const, duplicate };
      },
    );
  };
}
