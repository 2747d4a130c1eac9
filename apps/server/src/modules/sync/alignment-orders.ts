import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import { AlignmentOrdersRepository } from './alignment-orders-repository';
import type { SyncListing } from './listings-repository';
import type { MasterQuantities } from './master';
import type { Session } from './session';
import type { Wakeups } from './wakeups';

/**
 * Shopify orders made while a listing was being aligned (docs/decisions/0025, "A sale during
 * alignment"). Turning sync on forgets what a listing holds, and the first read after it is taken
 * as what the channel holds, without a delta: a sale that read already shows is counted by no
 * read. Its order, kept by the intake (intake-repository.ts), is applied here as the order it is,
 * once (keyed per order and listing, as eBay and TikTok orders are); what we know the listing
 * holds does not move, since the read counted the units sold. An order the read did not count is
 * left to the reads, which find its sale as any other. Runs in the transaction that recorded a
 * read of the listing (ChannelReads.observe), after it, so under the variant's and the listing's
 * row locks. Answers the ids of the orders applied.
 */
export async function applyAlignmentOrders(
  trx: Db,
  master: MasterQuantities,
  session: Session,
  listing: SyncListing,
  wakeups: Wakeups,
): Promise<string[]> {
  if (!listing.check_alignment_orders) return [];
  // When this read is the alignment read, it answers the orders recorded before it was chosen.
  const readSeq = listing.channel_qty === null ? listing.check_seq : null;
  const counted = await new AlignmentOrdersRepository(trx).take(listing.id, readSeq);
  const where = `${PLATFORM_NAMES[session.platform]} '${session.alias}'`;
  for (const order of counted)
    await master.apply(
      trx,
      {
        variantId: listing.variant_id,
        change: { delta: -order.quantity },
        cause: 'order',
        connectionId: session.id,
        reference: order.orderId,
        key: `order:${session.id}:${order.orderId}:${listing.id}`,
        source: `order ${order.orderName ?? order.orderId} on ${where}`,
        // Only a synced product's master moves (sync may have been turned off since).
        onlyIfSynced: true,
      },
      wakeups,
    );
  return counted.map((order) => order.orderId);
}
