import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aliasQuerySchema,
  errorResponseSchema,
  listPlatformsResponseSchema,
  marketplaceAccountSchema,
  platformSchema,
  syncToggleBodySchema,
  syncToggleResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { SyncService } from '../sync/service';
import { oauthRoutes } from './oauth-routes';
import { errors, scoped } from './route-schemas';
import type { ConnectionsService } from './service';

const idParams = z.object({ id: z.uuid() });

/** The organisation's connected accounts; connecting them is in oauth-routes.ts. */
export function connectionsRoutes(
  connections: ConnectionsService,
  sync: SyncService,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(oauthRoutes(connections));

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
