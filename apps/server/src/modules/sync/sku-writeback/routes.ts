import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organizationHeadersSchema,
  skuWritebackBodySchema,
  skuWritebackPreviewSchema,
  skuWritebackQueuedSchema,
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
