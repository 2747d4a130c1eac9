import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  organizationHeadersSchema,
  productListingsResponseSchema,
  productParamsSchema,
  quantityConflictSchema,
  reconcileBodySchema,
  reconcileResponseSchema,
  syncPreviewBodySchema,
  syncPreviewResponseSchema,
  updateCostResponseSchema,
  updateQuantityBodySchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { SyncService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const common = {
  tags: ['sync'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

export function syncRoutes(sync: SyncService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/variants/quantity',
      {
        config: { org: true },
        schema: {
          ...common,
          summary:
            "Set or adjust a variant's master quantity (recorded in the ledger and pushed to channels)",
          description:
            '`{variant_id, adjust}` adds or removes units from the master as it is then. ' +
            '`{variant_id, quantity, expected}` sets it only while it is still `expected`, else 409 ' +
            'with the current quantity and the changes since. `{variant_id, quantity}` sets it ' +
            'whatever it is now: last writer wins, so a sale recorded after the caller read the ' +
            'master is undone.',
          body: updateQuantityBodySchema,
          response: { 200: updateCostResponseSchema, ...errors, 409: quantityConflictSchema },
        },
      },
      async (request, reply) => {
        const orgId = orgOf(request).id;
        const { variant_id, quantity, expected, adjust } = request.body;
        const edit =
          adjust === undefined
            ? { set: quantity!, ...(expected !== undefined && { expected }) }
            : { adjust };
        const result = await sync.editQuantity(orgId, authOf(request).userId, variant_id, edit);
        if ('conflict' in result) return reply.code(409).send(result.conflict);
        return result;
      },
    );

    app.get(
      '/v1/products/:id/listings',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "The product's listings with what each channel holds and when it confirmed it",
          params: productParamsSchema,
          response: { 200: productListingsResponseSchema, ...errors },
        },
      },
      async (request) => sync.listings(orgOf(request).id, request.params.id),
    );

    app.get(
      '/v1/products/:id/ledger',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "The product's stock history (every master quantity change), newest first",
          params: productParamsSchema,
          querystring: ledgerQuerySchema,
          response: { 200: ledgerResponseSchema, ...errors },
        },
      },
      async (request) =>
        sync.ledger(
          orgOf(request).id,
          request.params.id,
          request.query.page,
          request.query.pageSize,
        ),
    );

    app.post(
      '/v1/products/sync-preview',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'What turning sync on for these products would set on each channel',
          body: syncPreviewBodySchema,
          response: { 200: syncPreviewResponseSchema, ...errors },
        },
      },
      async (request) => sync.preview(orgOf(request).id, request.body.ids),
    );

    app.post(
      '/v1/sync/reconcile',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Compare channel quantities with the master now (one account or all)',
          body: reconcileBodySchema,
          response: { 202: reconcileResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const queued = await sync.requestReconcile(orgOf(request).id, request.body.pc_id);
        return reply.code(202).send({ queued });
      },
    );
  };
}
