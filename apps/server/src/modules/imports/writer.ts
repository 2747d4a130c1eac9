import { randomUUID } from 'node:crypto';
import type { ChannelProduct } from '@stocksync/channels';
import type { Db } from '../../db/client';
import { CatalogImports } from '../catalog/imported-products';
import { SyncImports } from '../sync/imported-listings';
import { lookupKeys, planBatch, type BatchLookups, type BatchPlan } from './batch-plan';
import { ImportChangesRepository } from './changes-repository';

export interface BatchResult {
  done: number;
  failed: { externalId: string; reason: string }[];
  /** Our products touched by this batch. */
  productIds: string[];
  /** Imported variants left without a SKU (for autoCreate; BatchPlan.missingSkuVariantIds). */
  missingSkuVariantIds: string[];
}

interface BatchInput {
  organizationId: string;
  connectionId: string;
  products: ChannelProduct[];
}

/**
 * What we hold that the batch's variants may match: by listing on the connection (locked when
 * `lock`: the batch is about to write them), by SKU.
 */
async function lookUp(
  catalog: CatalogImports,
  sync: SyncImports,
  input: BatchInput,
  lock: boolean,
): Promise<BatchLookups> {
  const { organizationId, connectionId } = input;
  const keys = lookupKeys(input.products);
  const listedIds = await sync.listedVariants(connectionId, keys.externalIds);
  const held = await catalog.heldVariants(organizationId, [...listedIds.values()], lock);
  const listed = new Map(
    [...listedIds].flatMap(([externalId, variantId]) => {
      const variant = held.get(variantId);
      return variant ? [[externalId, variant] as const] : [];
    }),
  );
  const bySku = await catalog.variantsBySku(organizationId, keys.skus);
  const matched = [...bySku.values()].map((v) => v.variantId);
  const listedAs = await sync.listedAs(connectionId, matched);
  return { connectionId, listed, bySku, listedAs };
}

/** What importing these products would write, read without writing (a dry run). */
export async function planProducts(db: Db, input: BatchInput): Promise<BatchPlan> {
  const lookups = await lookUp(new CatalogImports(db), new SyncImports(db), input, false);
  return planBatch(input.products, lookups, randomUUID);
}

/**
 * Writes one batch of remote products in one transaction: looks up what we hold, plans every
 * write (batch-plan.ts), then writes it with a handful of multi-row statements, the catalogue's
 * through catalog and the listings and stock history through sync, and records what changed for
 * the import's undo. Listings are upserted on (connection, external variant id), so writing a
 * batch again adds nothing.
 */
export async function writeBatch(
  db: Db,
  input: BatchInput & { importId: string; now: Date },
): Promise<BatchResult> {
  const { organizationId, connectionId, importId, now } = input;
  return db.transaction().execute(async (trx) => {
    const catalog = new CatalogImports(trx);
    const sync = new SyncImports(trx);
    await catalog.deferAggregates();
    const plan = planBatch(input.products, await lookUp(catalog, sync, input, true), randomUUID);
    const stock = await catalog.write(organizationId, connectionId, plan, now);
    const listings = plan.listings;
    const created = await sync.record(
      { organizationId, connectionId, importId, stock, listings },
      now,
    );
    await catalog.refreshImportedProducts(plan.touchedProductIds);
    await new ImportChangesRepository(trx).record(organizationId, importId, plan, created);
    return {
      done: plan.done,
      failed: plan.failed,
      productIds: plan.touchedProductIds,
      missingSkuVariantIds: plan.missingSkuVariantIds,
    };
  });
}
