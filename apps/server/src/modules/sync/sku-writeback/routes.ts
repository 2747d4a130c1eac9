import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organizationHeadersSchema,
  skuWritebackBodySchema,
  skuWritebackPreviewSchema,
  skuWritebackQueuedSchema,
  skuConflictsQuerySchema,
  skuConflictsResponseSchema,
} from '@stocksync/contract';
import { authOf } from '../../../plugins/auth';
import { orgOf } from '../../../plugins/org-scope';
import type { SkuWriteback } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const common = { tags: ['sync'], security: [{ bearer: [] }], headers: organizationHeadersSchema };
const ebayNote =
  'On eBay the SKU is the inventory item key: an eBay listing whose SKU differs is never changed ' +
  'but refused with the reason (changing it means ending the listing and listing anew).';

export function skuWritebackRoutes(writeback: SkuWriteback): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sku-writeback/preview',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Which channel listing of these variants would get which SKU (nothing is sent)',
          description: `Each listing answers push, unchanged or refused (with the reason), and the result of its last write-back. ${ebayNote}`,
          body: skuWritebackBodySchema,
          response: { 200: skuWritebackPreviewSchema, ...errors },
        },
      },
      async (request) => writeback.preview(orgOf(request).id, request.body.variant_ids),
    );

    app.get(
      '/v1/sku-conflicts',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'SKU conflicts between variants and their channel listings, with proposed fixes',
          description:
            'Listings of one account sharing a SKU (duplicate_on_account; two variants cannot share ' +
            'one), listings whose SKU differs from their variant (mismatch) or is another ' +
            "variant's (belongs_to_other_variant), and blanks. Built from the SKU each listing's " +
            'channel was last seen to hold (imports read it; write-backs set it); listings imported ' +
            'before that was recorded are left out until re-imported. Paged; optional kind filter.',
          querystring: skuConflictsQuerySchema,
          response: { 200: skuConflictsResponseSchema, ...errors },
        },
      },
      async (request) => writeback.conflicts(orgOf(request).id, request.query),
    );

    app.post(
      '/v1/sku-writeback',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: "Send these variants' SKUs to their channel listings",
          description: `Queues what the preview answers push, one job per account; each listing's result (pushed, refused with the channel's reason, failed after retries) shows in the preview's last_push and in the activity log. ${ebayNote}`,
          body: skuWritebackBodySchema,
          response: { 202: skuWritebackQueuedSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await writeback.confirm(
              orgOf(request).id,
              authOf(request).userId,
              request.body.variant_ids,
            ),
          ),
    );
  };
}
