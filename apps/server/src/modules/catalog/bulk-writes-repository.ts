import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Around bulk writes of the catalogue (imports, demo seeds): aggregates and statistics. */
export class CatalogBulkRepository {
  constructor(private readonly db: Db) {}

  /**
   * Product-list aggregates wait for refreshAggregates, once for every touched product, instead
   * of running per row, until the transaction ends or they are turned back on (migration 0002,
   * ADR 0010).
   */
  async deferAggregates(on = true): Promise<void> {
    if (on) await sql`SET LOCAL stocksync.defer_product_aggregates = 'on'`.execute(this.db);
    else await sql`SET LOCAL stocksync.defer_product_aggregates = 'off'`.execute(this.db);
  }

  async refreshAggregates(productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await sql`SELECT refresh_product_aggregates(${[...productIds]}::uuid[])`.execute(this.db);
  }

  /**
   * Fresh statistics for a catalogue a bulk write is growing: autovacuum analyses later, and until
   * then the aggregate refresh plans its per-product lookups as scans (bench/results/import.md).
   */
  async analyze(): Promise<void> {
    await sql`ANALYZE products, product_variants, product_sort_keys, product_stock_keys`.execute(
      this.db,
    );
  }

  /**
   * Outside a transaction: VACUUM cannot run in one. The sort keys too: the aggregate refresh
   * rewrote each new product's row once, and until vacuumed a sorted page's index-only walk
   * visits the table for every entry, dead ones included (ADR 0050).
   */
  async vacuum(): Promise<void> {
    await sql`VACUUM ANALYZE products, product_variants, product_sort_keys, product_stock_keys`.execute(
      this.db,
    );
  }
}
