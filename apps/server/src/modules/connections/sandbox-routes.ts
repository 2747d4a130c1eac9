import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organizationHeadersSchema,
  sandboxChangeResponseSchema,
  sandboxConnectionParamsSchema,
  sandboxListingsResponseSchema,
  sandboxModeResponseSchema,
  sandboxSaleBodySchema,
  sandboxStockBodySchema,
} from '@stocksync/contract';
import { orgOf } from '../../plugins/org-scope';
import type { SandboxControlService } from './sandbox-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};
const scoped = {
  tags: ['sandbox'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
  params: sandboxConnectionParamsSchema,
};
const SANDBOX_ONLY =
  'Sandbox mode only: a connection to an in-process emulator (a platform without credentials ' +
  'configured). Any other connection, or a server with every platform configured, answers 404.';

/** Sandbox controls of a connected emulator account (issue 20 item 19). */
export function sandboxRoutes(sandbox: SandboxControlService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/sandbox',
      {
        config: { auth: true },
        schema: {
          tags: ['sandbox'],
          security: [{ bearer: [] }],
          summary: 'Which platforms run in sandbox mode, and the sandbox Shopify store',
          response: { 200: sandboxModeResponseSchema, 401: errorResponseSchema },
        },
      },
      async () => sandbox.mode(),
    );

    app.get(
      '/v1/connections/:id/sandbox/listings',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Variants listed on a sandbox account (the first 100, by title)',
          description: SANDBOX_ONLY,
          response: { 200: sandboxListingsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        listings: await sandbox.listings(orgOf(request).id, request.params.id),
      }),
    );

    app.post(
      '/v1/connections/:id/sandbox/sale',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: 'Simulate a sale of a listed variant on the sandbox channel',
          description:
            `${SANDBOX_ONLY} The emulator records an order and tells stocksync through the ` +
            "channel's own webhook or notification, so stock changes as after a real sale.",
          body: sandboxSaleBodySchema,
          response: { 202: sandboxChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { variant_id, quantity } = request.body;
        const done = await sandbox.sale(orgOf(request).id, request.params.id, variant_id, quantity);
        return reply.status(202).send(done);
      },
    );

    app.post(
      '/v1/connections/:id/sandbox/stock',
      {
        config: { org: true },
        schema: {
          ...scoped,
          summary: "Change a listed variant's available quantity on the sandbox channel",
          description:
            `${SANDBOX_ONLY} As a seller editing stock in the channel's admin: Shopify and ` +
            'TikTok Shop send a webhook; eBay sends none, so the next stock check finds it ' +
            '(arrives_by: poll).',
          body: sandboxStockBodySchema,
          response: { 202: sandboxChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { variant_id, available } = request.body;
        const done = await sandbox.setStock(
          orgOf(request).id,
          request.params.id,
          variant_id,
          available,
        );
        return reply.status(202).send(done);
      },
    );
  };
}
