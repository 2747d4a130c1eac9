import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  gateErrorResponseSchema,
  organizationHeadersSchema,
  skuConflictFixesAppliedSchema,
  skuConflictFixesBodySchema,
  skuConflictFixesPreviewSchema,
} from '@stocksync/contract';
import { authOf } from '../../../plugins/auth';
import { orgOf } from '../../../plugins/org-scope';
import type { SkuConflictFixes } from './fixes-service';

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const common = {
  tags: ['sync'],
  security: [{ bearer: [] }],
  headers: organizationHeadersSchema,
};
const itemsNote =
  'Name conflicts by the id GET /v1/sku-conflicts answers, each with one of the fixes its kind ' +
  'allows (400 naming items.N.fix otherwise), or all_selected (optionally of one kind: the first ' +
  `1,000, each with its first proposed fix; remaining says how many are left). Each conflict is ` +
  'checked as it is now: one that no longer exists answers gone, one that cannot be fixed so ' +
  'failed with the reason; the others are not affected.';

/** SKU conflict fixes, previewed then applied (issue 25 item 2, docs/decisions/0057). */
export function skuConflictRoutes(fixes: SkuConflictFixes): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sku-conflicts/fixes/preview',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'What fixing these SKU conflicts would change (nothing is changed)',
          description: `${itemsNote} listings says which channel listing would get which SKU; eBay listings are refused with the reason (the SKU is the item's key).`,
          body: skuConflictFixesBodySchema,
          response: { 200: skuConflictFixesPreviewSchema, ...errors },
        },
      },
      async (request) => fixes.preview(orgOf(request).id, request.body),
    );

    app.post(
      '/v1/sku-conflicts/fixes',
      {
        config: { org: true, gate: 'subscription' },
        schema: {
          ...common,
          summary: 'Fix these SKU conflicts and send the resulting SKUs to the channels',
          description: `${itemsNote} SKUs are generated or changed here, listings linked or unlinked, then the SKUs are sent through the write-back (POST /v1/sku-writeback): a result per conflict here, per listing in listings and in the activity log.`,
          body: skuConflictFixesBodySchema,
          response: { 200: skuConflictFixesAppliedSchema, ...errors, 402: gateErrorResponseSchema },
        },
      },
      async (request) => fixes.apply(orgOf(request).id, authOf(request).userId, request.body),
    );
  };
}
