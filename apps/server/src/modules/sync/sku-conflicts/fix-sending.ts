import { SKU_WRITEBACK_VARIANTS_MAX, type SkuWritebackListing } from '@stocksync/contract';
import type { SkuWriteback } from '../sku-writeback/service';
import { messageOf } from './fix-results';

/**
 * The variants' SKUs sent through the one write-back (ADR 0055), at most its limit of variants
 * per confirmation: what was queued, already there or refused, per listing.
 */
export async function sendFixedSkus(
  writeback: SkuWriteback,
  who: { organizationId: string; userId: string },
  variantIds: string[],
) {
  const sent = { queued: 0, unchanged: 0, refused: 0, listings: [] as SkuWritebackListing[] };
  for (let i = 0; i < variantIds.length; i += SKU_WRITEBACK_VARIANTS_MAX) {
    const part = variantIds.slice(i, i + SKU_WRITEBACK_VARIANTS_MAX);
    try {
      const queued = await writeback.confirm(who.organizationId, who.userId, part);
      sent.queued += queued.queued;
      sent.refused += queued.refused;
      sent.listings.push(...queued.listings);
    } catch (error) {
      // Nothing to send (every listing holds its SKU already): the listings say so.
      messageOf(error);
      sent.listings.push(...(await writeback.preview(who.organizationId, part)).listings);
    }
  }
  sent.unchanged = sent.listings.filter((l) => l.action === 'unchanged').length;
  return sent;
}
