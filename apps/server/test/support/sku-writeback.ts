import type { SkuConflict } from '@stocksync/contract';
import { expect } from 'vitest';
import { orgCall } from '../integration/catalog-fixtures';
import { DEMO_SHOP } from './channels';
import type { SyncedOrg, SyncPlatform } from './synced-org';

/** A variant's SKU typed on the product page (POST /v1/variants/sku). */
export function setSku(org: SyncedOrg, variantId: string, sku: string) {
  return orgCall(org.t, org.user, 'POST', '/v1/variants/sku', { variant_id: variantId, sku });
}

/** Confirms the write-back of the variants' SKUs (POST /v1/sku-writeback). */
export function sendSkus(org: SyncedOrg, variantIds: string[]) {
  return orgCall(org.t, org.user, 'POST', '/v1/sku-writeback', { variant_ids: variantIds });
}

/** A page of the organisation's SKU conflicts (GET /v1/sku-conflicts, 100 a page, `query` added). */
export async function conflictsOf(org: SyncedOrg, query = '') {
  const res = await orgCall(org.t, org.user, 'GET', `/v1/sku-conflicts?pageSize=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ conflicts: SkuConflict[]; total: number }>();
}

/** The variant's listing on one of the organisation's accounts, if any. */
export function listingOn(org: SyncedOrg, variantId: string, platform: SyncPlatform) {
  return org.t.db.db
    .selectFrom('channel_listings')
    .select(['id', 'external_product_id', 'external_variant_id', 'variant_id'])
    .where('variant_id', '=', variantId)
    .where('connection_id', '=', org.pc[platform])
    .executeTakeFirst();
}

/** The SKU Shopify and TikTok hold for the variant's listings, read from the emulators' state. */
export async function channelSkusOf(org: SyncedOrg, variantId: string) {
  const shopifyListing = (await listingOn(org, variantId, 'shopify'))!;
  const shop = org.ch.shopify.shop(DEMO_SHOP);
  const variant = shop.variants.get(Number(shopifyListing.external_variant_id.split('/').pop()));
  const tiktokListing = (await listingOn(org, variantId, 'tiktok'))!;
  return {
    shopify: variant ? shop.items.get(variant.inventoryItemId)!.sku : null,
    tiktok: org.ch.tiktok.store.skus.get(tiktokListing.external_variant_id)!.sku.seller_sku,
  };
}
