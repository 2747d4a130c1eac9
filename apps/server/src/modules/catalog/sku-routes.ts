import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  gateErrorResponseSchema,
  generateSkusBodySchema,
  generateSkusResponseSchema,
  organizationHeadersSchema,
  skuPreviewBodySchema,
  skuPreviewResponseSchema,
  skuSettingsResponseSchema,
  skuSettingsSchema,
  updateSkuBodySchema,
  updateSkuResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../plugins/auth';
import { orgOf } from '../../plugins/org-scope';
import { filtersOf } from './product-filters-repository';
import type { SkuService } from './sku-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = {
  tags: ['sku-settings'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};

export function skuRoutes(skus: SkuService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/users/sku-settings',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "The organisation's SKU settings (the defaults until changed)",
          response: { 200: skuSettingsResponseSchema, ...errors },
        },
      },
      async (request) => skus.getSettings(orgOf(request).id),
    );

    app.put(
      '/v1/users/sku-settings',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Replace the organisation's SKU settings",
          body: skuSettingsSchema,
          response: { 200: skuSettingsResponseSchema, ...errors },
        },
      },
      async (request) => skus.saveSettings(orgOf(request).id, request.body),
    );

    app.post(
      '/v1/users/sku-settings/preview',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Example SKUs these settings would make (nothing is stored)',
          body: skuPreviewBodySchema,
          response: { 200: skuPreviewResponseSchema, ...errors },
        },
      },
      async (request) => skus.preview(request.body.settings, request.body.count),
    );

    app.post(
      '/v1/variants/sku',
      {
        config: { org: true },
        schema: {
          ...common,
          tags: ['catalog'],
          summary: "Set a variant's SKU by hand (unique in the organisation, ignoring case)",
          description:
            'Letters, digits, - _ and . only. 409 naming sku when another variant holds it. The ' +
            'channels are not told: preview and confirm with /v1/sku-writeback.',
          body: updateSkuBodySchema,
          response: { 200: updateSkuResponseSchema, ...errors },
        },
      },
      async (request) => ({
        variant: await skus.editSku(
          orgOf(request).id,
          authOf(request).userId,
          request.body.variant_id,
          request.body.sku,
        ),
      }),
    );

    app.post(
      '/v1/users/sku-settings/generate',
      {
        config: { org: true, gate: 'subscription' },
        schema: {
          ...common,
          summary: 'Fill every variant without a SKU of the chosen (or all) products',
          body: generateSkusBodySchema,
          response: { 200: generateSkusResponseSchema, ...errors, 402: gateErrorResponseSchema },
        },
      },
      async (request) =>
        skus.generate(orgOf(request).id, authOf(request).userId, {
          ids: request.body.ids,
          allSelected: request.body.all_selected,
          filters: filtersOf(request.body.filters ?? {}),
        }),
    );
  };
}
