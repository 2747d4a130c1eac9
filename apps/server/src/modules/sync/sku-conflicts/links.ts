import { skuConflictFixMessages, type ListingLink } from '@stocksync/contract';
import { conflict, notFoundIn } from '../../../lib/errors';
import type { SyncContext } from '../session';
import { StockRepository } from '../stock-repository';
import { Wakeups } from '../wakeups';
import { ListingLinksRepository, type LinkedListing } from './links-repository';

type LinksContext = Pick<SyncContext, 'db' | 'clock' | 'activity'>;

const labelOf = (v: { product_title: string; title: string }) =>
  `'${v.product_title}' / '${v.title}'`;

const listingLabel = (l: LinkedListing) =>
  `${l.platform} listing on ${l.account} (SKU ${l.channel_sku || 'none'})`;

function answer(l: LinkedListing, variant: ListingLink['variant']): ListingLink {
  const { listing_id, platform, account, channel_sku } = l;
  return { listing_id, platform, account, channel_sku, variant };
}

/**
 * Links a channel listing to another variant of the organisation, or unlinks it (issue 25 item 2,
 * docs/decisions/0057). A linked listing follows its new variant's master: for a synced product
 * the master is pushed to it, the listing's own stock never moves the master. An unlinked listing
 * is no longer followed; a later import links it again by its SKU.
 */
export class ListingLinks {
  constructor(private readonly context: LinksContext) {}

  async link(
    organizationId: string,
    userId: string,
    listingId: string,
    variantId: string,
  ): Promise<ListingLink> {
    const { db, clock, activity } = this.context;
    const wakeups = new Wakeups();
    const result = await db.transaction().execute(async (trx) => {
      const repo = new ListingLinksRepository(trx);
      const listing = await repo.lock(organizationId, listingId);
      if (!listing) throw notFoundIn(skuConflictFixMessages.listingNotFound, 'id');
      const variant = await repo.variant(organizationId, variantId);
      if (!variant) throw notFoundIn(skuConflictFixMessages.variantNotFound, 'variant_id');
      if (listing.variant_id === variantId)
        throw conflict(skuConflictFixMessages.sameVariant, 'variant_id');
      if (await repo.isListedOn(variantId, listing.connection_id))
        throw conflict(`${labelOf(variant)} ${skuConflictFixMessages.alreadyListed}`, 'variant_id');
      await repo.relink(listingId, variantId, clock.now());
      wakeups.addAll('sync_connection', await new StockRepository(trx).requestPushes([variantId]));
      const was = labelOf({ product_title: listing.product_title, title: listing.variant_title });
      await activity.record(
        {
          organizationId,
          userId,
          activity: 'Listing linked',
          note: `${listingLabel(listing)} linked to ${labelOf(variant)} (was ${was})`,
          status: 'success',
        },
        trx,
      );
      return answer(listing, variant);
    });
    await wakeups.flush(db);
    return result;
  }

  async unlink(organizationId: string, userId: string, listingId: string): Promise<ListingLink> {
    const { db, activity } = this.context;
    return db.transaction().execute(async (trx) => {
      const repo = new ListingLinksRepository(trx);
      const listing = await repo.lock(organizationId, listingId);
      if (!listing) throw notFoundIn(skuConflictFixMessages.listingNotFound, 'id');
      await repo.remove(listingId);
      const was = labelOf({ product_title: listing.product_title, title: listing.variant_title });
      await activity.record(
        {
          organizationId,
          userId,
          activity: 'Listing unlinked',
          note: `${listingLabel(listing)} unlinked from ${was}: StockSync no longer follows it`,
          status: 'success',
        },
        trx,
      );
      return answer(listing, null);
    });
  }
}
