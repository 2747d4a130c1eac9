import {
  importMessages,
  skuWritebackMessages,
  type ImportSkusPlan,
  type Platform,
} from '@stocksync/contract';
import type { BatchPlan } from './batch-plan';

/**
 * The dry run's word on SKUs: the imported variants left without one (the plan's
 * missingSkuVariantIds, what the import generates for) get a generated SKU when the organisation's
 * SKU settings say so (autoCreate); each has a listing on this connection that an opted-in import
 * sends it to (write_back_skus), except on eBay, where the SKU is the item's key and the
 * write-back refuses it with that reason.
 */
export function skusPlan(plan: BatchPlan, platform: Platform, autoCreate: boolean): ImportSkusPlan {
  if (!autoCreate)
    return {
      auto_create: false,
      generate: 0,
      push: 0,
      refused: 0,
      reason: importMessages.skusAutoCreateOff,
    };
  const generate = plan.missingSkuVariantIds.length;
  if (platform === 'ebay')
    return {
      auto_create: true,
      generate,
      push: 0,
      refused: generate,
      reason: skuWritebackMessages.ebaySkuIsKey,
    };
  return { auto_create: true, generate, push: generate, refused: 0, reason: null };
}
