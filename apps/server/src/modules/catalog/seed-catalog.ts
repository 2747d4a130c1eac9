import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { seededRandom } from '../../lib/random';
import { ensureSeedConnections } from '../connections/seed-connections';
import { SyncImports } from '../sync/imported-listings';
import { CatalogBulkRepository } from './bulk-writes-repository';
import { SeedCatalogRepository } from './seed-catalog-repository';
import { SeedContent, type SeedBatch } from './seed-content';
import { VariantsRepository } from './variants-repository';

/*
 * Realistic demo catalogue, written fast: bulk INSERT … SELECT FROM unnest(arrays) per batch, so
 * 100,000 products with 300,000 variants and their listings take seconds, not minutes. Content is
 * deterministic for a given seed (seed-content.ts); ids are random so a catalogue can be seeded
 * twice.
 */

export interface SeedCatalogOptions {
  organizationId: string;
  products: number;
  /** Average variants per product (each product gets 1 … 2·variants − 1). */
  variants: number;
  seed?: number;
  /** Products per batch (one transaction each). */
  batchSize?: number;
  /**
   * Vacuum the tables afterwards (default true) so index-only scans work at once. They are
   * analysed either way.
   */
  vacuum?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedCatalogResult {
  products: number;
  variants: number;
  listings: number;
  connections: number;
  variantsWithoutSku: number;
  ms: number;
  /** The organisation's products after seeding. */
  organizationProducts: number;
}

/** Sandbox connections every seeded organisation gets (created once, then reused). */
export const SEED_CONNECTIONS: readonly { platform: Platform; alias: string; share: number }[] = [
  { platform: 'shopify', alias: 'main-store', share: 0.7 },
  { platform: 'shopify', alias: 'outlet-store', share: 0.25 },
  { platform: 'ebay', alias: 'ebay-uk', share: 0.4 },
  { platform: 'tiktok', alias: 'tiktok-shop', share: 0.15 },
];

/** One batch in one transaction, its aggregates refreshed once at the end. */
async function writeBatch(
  db: Db,
  organizationId: string,
  batch: SeedBatch,
  analyze: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bulk = new CatalogBulkRepository(trx);
    const catalog = new SeedCatalogRepository(trx);
    const sync = new SyncImports(trx);
    await bulk.deferAggregates();
    await catalog.insertProducts(organizationId, batch.products);
    await catalog.insertVariants(organizationId, batch.variants);
    await sync.seedListings(organizationId, batch.listings);
    await bulk.deferAggregates(false);
    // Fresh tables have no statistics; without them the per-product lookups of the refresh
    // are planned as scans (quadratic). ANALYZE here also sees this batch's rows.
    if (analyze) {
      await bulk.analyze();
      await sync.analyze();
    }
    await bulk.refreshAggregates(batch.products.map((p) => p.id));
  });
}

export async function seedCatalog(db: Db, options: SeedCatalogOptions): Promise<SeedCatalogResult> {
  const started = Date.now();
  const { organizationId } = options;
  const total = Math.max(0, Math.floor(options.products));
  const batchSize = options.batchSize ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const connections = await ensureSeedConnections(db, organizationId, SEED_CONNECTIONS);
  const content = new SeedContent(
    random,
    connections,
    (await new VariantsRepository(db).skusInUse(organizationId)).map((s) => s.toLowerCase()),
    Math.max(1, Math.floor(options.variants)),
    // Oldest first; the last product seeded is the newest (top of the list).
    Date.now() - total * 1000,
  );
  const result: SeedCatalogResult = {
    products: 0,
    variants: 0,
    listings: 0,
    connections: connections.length,
    variantsWithoutSku: 0,
    ms: 0,
    organizationProducts: 0,
  };

  for (let from = 0; from < total; from += batchSize) {
    const batch = content.batch(from, Math.min(batchSize, total - from));
    await writeBatch(db, organizationId, batch, from === 0 || (from / batchSize) % 10 === 9);
    result.products += batch.products.length;
    result.variants += batch.variants.length;
    result.listings += batch.listings.length;
    result.variantsWithoutSku += batch.variantsWithoutSku;
    options.onProgress?.(result.products, total);
  }

  if (total > 0) {
    const bulk = new CatalogBulkRepository(db);
    const sync = new SyncImports(db);
    if (options.vacuum === false) {
      await bulk.analyze();
      await sync.analyze();
    } else {
      await bulk.vacuum();
      await sync.vacuum();
    }
  }
  result.organizationProducts = await new SeedCatalogRepository(db).productCount(organizationId);
  result.ms = Date.now() - started;
  return result;
}
