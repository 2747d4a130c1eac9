import type { ColumnType, Generated } from 'kysely';
import type { Platform } from '../types';
import type { BigCount, Money, Timestamp } from './columns';

// The catalog module's tables: products, variants, SKU settings and per-organisation counters.

/** Per-platform connection counts as stored on products (see migration 0002). */
export type PlatformCounts = Partial<Record<Platform, { name: Platform; connections: number }>>;

export interface ProductsTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  is_synced: Generated<boolean>;
  /** The connection the product first came from: its re-import updates it (migration 0044). */
  source_connection_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Aggregates maintained by triggers; never written by application code.
  variant_count: ColumnType<number, never, never>;
  available_qty: BigCount;
  missing_sku_count: ColumnType<number, never, never>;
  single_sku: ColumnType<string, never, never>;
  /** Every non-empty SKU of the variants, joined by U+001F: the search's text (migration 0016). */
  skus: ColumnType<string, never, never>;
  /** lower(title || U+001F || skus), kept by PostgreSQL (migration 0017): what a search tests. */
  search_text: ColumnType<string, never, never>;
  platforms: ColumnType<PlatformCounts, never, never>;
  /** The lowest variant quantity (0 without variants), kept by triggers (migration 0033). */
  lowest_qty: ColumnType<number, never, never>;
  /** lowest_qty < 0, kept by PostgreSQL. */
  oversold: ColumnType<boolean, never, never>;
}

export interface ProductVariantsTable {
  id: Generated<string>;
  organization_id: string;
  product_id: string;
  position: Generated<number>;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: Generated<string>;
  available_qty: Generated<number>;
  cost_price: Money;
  current_price: Money;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SkuSettingsTable {
  id: Generated<string>;
  organization_id: string;
  prefix: string;
  suffix: string;
  delimiter: '' | '-' | '_' | '.' | 'null';
  auto_create: boolean;
  generation_strategy: 'RANDOM' | 'PRODUCT_BASED' | 'TEMPLATE';
  sku_template: string;
  sku_length: number;
  character_set: 'ALPHANUMERIC' | 'ALPHABETIC' | 'NUMERIC' | 'CUSTOM';
  custom_characters: string;
  max_retries: number;
  /** int8 as a string. */
  next_seq: ColumnType<string, string | number | undefined, string | number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the inventory list sorts by, one narrow row per product (migration 0035, ADR 0050). */
export interface ProductSortKeysTable {
  product_id: string;
  organization_id: string;
  title_key: string;
  sku_key: string;
  is_synced: boolean;
}

/** The sort keys a stock change moves (migration 0083). */
export interface ProductStockKeysTable {
  product_id: string;
  organization_id: string;
  available_qty: BigCount;
  updated_at: Timestamp;
}

export interface OrganizationCatalogStatsTable {
  organization_id: string;
  product_count: BigCount;
  synced_count: BigCount;
  missing_sku_count: BigCount;
  list_version: BigCount;
  /** Bumped when a title or a variant's SKU changes (migration 0010). */
  search_version: BigCount;
}
