import { orgCall } from '../integration/catalog-fixtures';
import type { SyncedOrg } from './synced-org';

/** A variant's SKU typed on the product page (POST /v1/variants/sku). */
export function setSku(org: SyncedOrg, variantId: string, sku: string) {
  return orgCall(org.t, org.user, 'POST', '/v1/variants/sku', { variant_id: variantId, sku });
}

/** Confirms the write-back of the variants' SKUs (POST /v1/sku-writeback). */
export function sendSkus(org: SyncedOrg, variantIds: string[]) {
  return orgCall(org.t, org.user, 'POST', '/v1/sku-writeback', { variant_ids: variantIds });
}
