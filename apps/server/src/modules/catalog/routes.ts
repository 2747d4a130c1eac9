import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  exportProductsQuerySchema,
  gateErrorResponseSchema,
  listProductsQuerySchema,
  listProductsResponseSchema,
  organizationHeadersSchema,
  productDetailSchema,
  productParamsSchema,
  syncProductsResponseSchema,
  syncProductsBodySchema,
  updateCostBodySchema,
  updateCostResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import type { SyncService } from '../sync/service';
import { sendJsonText } from './json-text';
import { productSelectionOf } from './product-selection';
import type { CatalogService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** What a page past the end answers (issue 20 item 7): the web shows the last page instead. */
export const PAGE_PAST_THE_END =
  'A page past the last one is not an error and is not moved: it answers 200 with no products, ' +
  'the requested page and pageSize, and the real total, so a client can work out the last page ' +
  '(ceil(total / pageSize)) and go there.';
const common = {
  tags: ['catalog'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

export function catalogRoutes(catalog: CatalogService, sync: SyncService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/products',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Products of the organisation, newest first, with per-product aggregates',
          description: PAGE_PAST_THE_END,
          querystring: listProductsQuerySchema,
          response: { 200: listProductsResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendJsonText(reply, await catalog.list(orgOf(request).id, request.query)),
    );

    app.get(
      '/v1/products/export.csv',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Every variant of the products the list shows (filters, sort) as CSV (streamed)',
          description:
            "The list's filters and sort, all pages; the columns are product_id, product_title, " +
            'variant_id, variant_title, sku, available_qty, cost_price, current_price, currency ' +
            "(current_price's: a channel's price keeps its currency), is_synced, cost_currency " +
            "(the organisation's, for cost_price), then one per connected account, " +
            'channel_qty:<platform>:<alias>: what ' +
            'its listing of the variant holds as far as known (empty when not listed or unknown).',
          querystring: exportProductsQuerySchema,
          produces: ['text/csv'],
          // 200 is text/csv, one line per variant: a stream, so no JSON response schema.
        },
      },
      async (request, reply) => {
        const org = orgOf(request);
        const day = new Date().toISOString().slice(0, 10);
        const stream = catalog.exportCsv(org.id, org.currency, request.query);
        stream.on('error', (error: Error) =>
          request.log.error({ err: error }, 'CSV export failed'),
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="products-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.get(
      '/v1/products/:id',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'One product with its variants',
          params: productParamsSchema,
          response: { 200: productDetailSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendJsonText(reply, await catalog.get(orgOf(request).id, request.params.id)),
    );

    app.post(
      '/v1/products/sync',
      {
        config: { org: true, gate: 'products_sync' },
        schema: {
          ...common,
          summary: 'Set (or flip) the sync flag of products, or set it for all the list matches',
          description:
            'With all_selected, every product the filters match (all pages; every product ' +
            'without filters) is set to is_synced, which is then required; the answer lists no ' +
            'products, `changed` says how many changed.',
          body: syncProductsBodySchema,
          response: { 200: syncProductsResponseSchema, ...errors, 402: gateErrorResponseSchema },
        },
      },
      async (request) =>
        catalog.setSync(
          orgOf(request).id,
          authOf(request).userId,
          productSelectionOf(request.body),
          request.body.is_synced,
          // Turning sync on aligns every channel to the master (the preview showed what changes).
          (trx, productIds) => sync.align(trx, orgOf(request).id, productIds),
        ),
    );

    app.post(
      '/v1/variants/cost',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Set a variant's cost price",
          body: updateCostBodySchema,
          response: { 200: updateCostResponseSchema, ...errors },
        },
      },
      async (request) => ({
        variant: await catalog.updateCost(
          orgOf(request).id,
          authOf(request).userId,
          request.body.variant_id,
          request.body.cost,
        ),
      }),
    );
  };
}
