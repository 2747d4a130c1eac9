import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aliasQuerySchema,
  authorizeUrlResponseSchema,
  connectedResponseSchema,
  errorResponseSchema,
  gateErrorResponseSchema,
  listPlatformsResponseSchema,
  marketplaceAccountSchema,
  oauthCodeBodySchema,
  organizationHeadersSchema,
  platformSchema,
  shopifyCallbackBodySchema,
  shopifyConnectBodySchema,
  shopifyInstallQuerySchema,
  syncToggleBodySchema,
  syncToggleResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { SyncService } from '../sync/service';
import type { ConnectionsService } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const scoped = {
  tags: ['platforms'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};
const signedIn = { tags: ['platforms'], security: [{ bearer: [] }] };
const idParams = z.object({ id: z.uuid() });

export function connectionsRoutes(
  connections: ConnectionsService,
  sync: SyncService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/platforms',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "The organisation's channel connections",
          response: { 200: listPlatformsResponseSchema, ...errors },
        },
      },
      async (request) => ({ platforms: await connections.list(orgOf(request).id) }),
    );

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

    // ---------------------------------------------------------------- accounts
    for (const platform of platformSchema.options) {
      app.get(
        `/v1/platforms/${platform}/alias`,
        {
          config: { org: true },
          schema: {
            ...scoped,
            summary: `The ${platform} account with this alias`,
            querystring: aliasQuerySchema,
            response: { 200: marketplaceAccountSchema, ...errors },
          },
        },
        async (request) => connections.byAlias(orgOf(request).id, platform, request.query.alias),
      );

      app.get(
        `/v1/platforms/${platform}/:id`,
        {
          config: { org: true },
          schema: {
            ...scoped,
            summary: `The ${platform} account by connection id`,
            params: idParams,
            response: { 200: marketplaceAccountSchema, ...errors },
          },
        },
        async (request) => connections.byId(orgOf(request).id, request.params.id, platform),
      );
    }

    app.post(
      '/v1/sync/toggle',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Turns stock sync for one connection on or off; answers the updated connection',
          body: syncToggleBodySchema,
          response: { 200: syncToggleResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const updated = await connections.toggleSync(
          orgOf(request).id,
          request.body.pc_id,
          authOf(request).userId,
        );
        // Pushes held back while it was off go out now.
        if (updated.sync_enabled) await sync.resume(updated.id);
        return updated;
      },
    );

    app.delete(
      '/v1/platforms/:id',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Disconnect: tokens wiped, listings kept but no longer counted or synced',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await connections.disconnect(orgOf(request).id, request.params.id, authOf(request).userId);
        return reply.status(204).send(null);
      },
    );
  };
}
