import { skuWritebackMessages, type SkuWritebackListing } from '@stocksync/contract';
import type { WritebackListing } from './repository';

/**
 * What a write-back does with one listing. eBay's SKU is the inventory item's key (our
 * external_variant_id): it is never changed, only found equal or refused. Elsewhere the SKU last
 * written back is what we know the channel holds; unknown means it is sent.
 */
export function planListing(row: WritebackListing): SkuWritebackListing {
  const channelSku = row.platform === 'ebay' ? row.external_variant_id : row.channel_sku;
  const decide = (): Pick<SkuWritebackListing, 'action' | 'reason'> => {
    if (row.sku === '') return { action: 'refused', reason: skuWritebackMessages.noSku };
    if (channelSku === row.sku) return { action: 'unchanged', reason: null };
    if (row.platform === 'ebay')
      return { action: 'refused', reason: skuWritebackMessages.ebaySkuIsKey };
    return { action: 'push', reason: null };
  };
  return {
    listing_id: row.listing_id,
    variant_id: row.variant_id,
    variant_title: row.variant_title,
    product_title: row.product_title,
    connection_id: row.connection_id,
    platform: row.platform,
    account: row.account,
    channel_sku: channelSku,
    sku: row.sku === '' ? null : row.sku,
    ...decide(),
    last_push:
      row.last_status && row.last_sku !== null && row.last_at
        ? {
            sku: row.last_sku,
            status: row.last_status,
            message: row.last_message,
            at: row.last_at.toISOString(),
          }
        : null,
  };
}
