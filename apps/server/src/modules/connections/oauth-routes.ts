import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authorizeUrlResponseSchema,
  connectedResponseSchema,
  errorResponseSchema,
  gateErrorResponseSchema,
  oauthCodeBodySchema,
  shopifyCallbackBodySchema,
  shopifyConnectBodySchema,
  shopifyInstallQuerySchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import { errors, scoped, signedIn } from './route-schemas';
import type { ConnectionsService } from './service';

/** Connecting an account: consent URLs, Shopify's install request, and the callbacks. */
export function oauthRoutes(connections: ConnectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    // ---------------------------------------------------------------- Shopify
    app.post(
      '/v1/platforms/shopify',
      {
        config: { org: true, gate: { connect: 'shopify' } },
        schema: {
          ...scoped,
          summary: 'Authorize URL to connect a Shopify shop',
          body: shopifyConnectBodySchema,
          response: { 200: authorizeUrlResponseSchema, ...errors, 402: gateErrorResponseSchema },
        },
      },
      async (request) => ({
        url: await connections.authorizeUrl(
          'shopify',
          orgOf(request).id,
          authOf(request).userId,
          request.body.shop,
        ),
      }),
    );

    app.get(
      '/v1/platforms/shopify/install',
      {
        schema: {
          tags: ['platforms'],
          summary:
            "Install request from Shopify (query HMAC checked): 302 to the web's confirm screen",
          querystring: shopifyInstallQuerySchema,
          response: { 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply.redirect(connections.shopify.installRedirect(request.query), 302),
    );

    app.post(
      '/v1/platforms/shopify/callback',
      {
        config: { auth: true },
        schema: {
          ...signedIn,
          summary: 'Completes a Shopify connection with the whole callback query',
          body: shopifyCallbackBodySchema,
          response: { 200: connectedResponseSchema, ...errors },
        },
      },
      async (request) => connections.shopify.complete(authOf(request).userId, request.body.query),
    );

    // ---------------------------------------------------------------- eBay and TikTok
    for (const platform of ['ebay', 'tiktok'] as const) {
      app.get(
        `/v1/platforms/${platform}/oauth/get-url`,
        {
          config: { org: true, gate: { connect: platform } },
          schema: {
            ...scoped,
            summary: `Consent URL to connect a ${platform} account`,
            response: { 200: authorizeUrlResponseSchema, ...errors, 402: gateErrorResponseSchema },
          },
        },
        async (request) => {
          const org = orgOf(request).id;
          const user = authOf(request).userId;
          return {
            url: await connections.authorizeUrl(platform, org, user),
          };
        },
      );

      app.post(
        `/v1/platforms/${platform}/oauth`,
        {
          config: { auth: true },
          schema: {
            ...signedIn,
            summary: `Completes a ${platform} connection with the code and state from the callback`,
            body: oauthCodeBodySchema,
            response: { 200: connectedResponseSchema, ...errors },
          },
        },
        async (request) => connections[platform].complete(authOf(request).userId, request.body),
      );
    }
  };
}
