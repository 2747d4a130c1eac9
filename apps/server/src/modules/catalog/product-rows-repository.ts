import { sql } from 'kysely';
import type { ProductRow } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { rowColumns, type ProductRecord } from './product-list-sql-repository';

export function toProductRow(r: ProductRecord): ProductRow {
  return {
    id: r.id,
    title: r.title,
    sku: r.variant_count === 1 ? r.single_sku : '',
    is_synced: r.is_synced,
    available_qty: Number(r.available_qty),
    variants: r.variant_count,
    missing_sku: r.missing_sku_count > 0,
    lowest_qty: r.lowest_qty,
    platforms: r.platforms,
    updated_at: r.updated_at.toISOString(),
  };
}

/** Products by id: their list rows, which exist, and their sync flag. */
export class ProductRowsRepository {
  constructor(private readonly db: Db) {}

  /** Rows of these products of the organisation, in list order; other ids are left out. */
  async rowsByIds(organizationId: string, ids: readonly string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('products')
      .select(rowColumns)
      .where('products.organization_id', '=', organizationId)
      .where('products.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .execute();
    return rows.map(toProductRow);
  }

  /** Which of these ids are products of the organisation. */
  async existingIds(organizationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Sets (or, with null, flips) is_synced; returns the previous and new flags with titles. */
  async setSynced(
    organizationId: string,
    ids: readonly string[],
    value: boolean | null,
    now: Date,
  ): Promise<{ id: string; title: string; is_synced: boolean }[]> {
    return this.db
      .updateTable('products')
      .set((eb) => ({
        is_synced: value === null ? eb.not(eb.ref('is_synced')) : value,
        updated_at: now,
      }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .returning(['id', 'title', 'is_synced'])
      .execute();
  }
}
