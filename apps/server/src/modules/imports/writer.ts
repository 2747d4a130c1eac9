import { randomUUID } from 'node:crypto';
import type { ChannelProduct } from '@stocksync/channels';
import type { Db } from '../../db/client';
import { CatalogImports } from '../catalog/imported-products';
import { SyncImports } from '../sync/imported-listings';
import { lookupKeys, planBatch, type BatchLookups } from './batch-plan';

export interface BatchResult {
  done: number;
  failed: { externalId: string; reason: string }[];
  /** Our products touched by this batch. */
  productIds: string[];
  /** Products holding an imported variant that has no SKU (for autoCreate). */
  missingSkuProductIds: string[];
}

/** What we hold that the batch's variants may match: by listing on the connection, by SKU. */
async function lookUp(
  catalog: CatalogImports,
  sync: SyncImports,
  input: { organizationId: string; connectionId: string; products: ChannelProduct[] },
): Promise<BatchLookups> {
  const keys = lookupKeys(input.products);
  const listed = await sync.listedVariants(input.connectionId, keys.externalIds);
  const bySku = await catalog.variantsBySku(input.organizationId, keys.skus);
  const matched = [...bySku.values()].map((v) => v.variantId);
  const listedAs = await sync.listedAs(input.connectionId, matched);
  return { listed, bySku, listedAs };
}

/**
 * Writes one batch of remote products in one transaction: looks up what we hold, plans every
 * write (batch-plan.ts), then writes it with a handful of multi-row statements, the catalogue's
 * through catalog and the listings and stock history through sync. Listings are upserted on
 * (connection, external variant id), so writing a batch again adds nothing.
 */
export async function writeBatch(
  db: Db,
  input: { organizationId: string; connectionId: string; products: ChannelProduct[]; now: Date },
): Promise<BatchResult> {
  const { organizationId, connectionId, now } = input;
  return db.transaction().execute(async (trx) => {
    const catalog = new CatalogImports(trx);
    const sync = new SyncImports(trx);
    await catalog.deferAggregates();
    const plan = planBatch(input.products, await lookUp(catalog, sync, input), randomUUID);
    const stock = await catalog.write(organizationId, plan, now);
    await sync.record({ organizationId, connectionId, stock, listings: plan.listings }, now);
    await catalog.refreshImportedProducts(plan.touchedProductIds);
    return {
      done: plan.done,
      failed: plan.failed,
      productIds: plan.touchedProductIds,
      missingSkuProductIds: plan.missingSkuProductIds,
    };
  });
}
