import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkListingBodySchema, listingLinkSchema, listingParamsSchema } from '@stocksync/contract';
import { authOf } from '../../../plugins/auth';
import { orgOf } from '../../../plugins/org-scope';
import type { ListingLinks } from './links';
import { common, errors } from './routes';

/** Links of channel listings to variants (issue 25 item 2, docs/decisions/0057). */
export function listingLinkRoutes(links: ListingLinks): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/listings/:id/link',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Link a channel listing to another variant of the organisation',
          description:
            'The listing then follows that variant: for a synced product its master is pushed to ' +
            'the listing (the listing never moves the master). 409 naming variant_id when the ' +
            'variant already has a listing on that account, or already is the listing’s.',
          params: listingParamsSchema,
          body: linkListingBodySchema,
          response: { 200: listingLinkSchema, ...errors },
        },
      },
      async (request) =>
        links.link(
          orgOf(request).id,
          authOf(request).userId,
          request.params.id,
          request.body.variant_id,
        ),
    );

    app.post(
      '/v1/listings/:id/unlink',
      {
        config: { org: true },
        schema: {
          ...common,
          summary: 'Unlink a channel listing: StockSync no longer follows it',
          description:
            'Nothing changes on the channel. A later import of that listing links it again by its SKU.',
          params: listingParamsSchema,
          response: { 200: listingLinkSchema, ...errors },
        },
      },
      async (request) => links.unlink(orgOf(request).id, authOf(request).userId, request.params.id),
    );
  };
}
