import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type Currency = 'USD' | 'GBP' | 'EUR';
export type Role = 'owner' | 'admin' | 'member';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  verified_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LoginCodesTable {
  id: Generated<string>;
  email: string;
  purpose: 'login' | 'signup';
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
  requested_ip: string | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_token_hash: string;
  /** The hash before the last rotation, accepted for a short grace period (parallel requests). */
  previous_refresh_token_hash: string | null;
  rotated_at: NullableTimestamp;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: Generated<string>;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  created_at: Timestamp;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: Role;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export type Platform = 'shopify' | 'ebay' | 'tiktok';

/** How each platform is named to sellers (activity entries, messages). */
export const PLATFORM_NAMES: Record<Platform, string> = {
  shopify: 'Shopify',
  ebay: 'eBay',
  tiktok: 'TikTok Shop',
};
export type ConnectionStatus = 'active' | 'needs_reauth' | 'disconnected';
export type ActivityStatus = 'success' | 'error' | 'info' | 'in_progress';
/** Per-platform connection counts as stored on products (see migration 0002). */
export type PlatformCounts = Partial<Record<Platform, { name: Platform; connections: number }>>;
/** NUMERIC(12,2): read as an exact decimal string ("12.50"), written as a string. */
type Money = ColumnType<string, string | undefined, string>;
/** int8: pg returns it as a string. */
type BigCount = ColumnType<string, never, never>;

export interface PlatformConnectionsTable {
  id: Generated<string>;
  organization_id: string;
  platform: Platform;
  alias: string;
  status: ColumnType<ConnectionStatus, ConnectionStatus | undefined, ConnectionStatus>;
  sync_enabled: Generated<boolean>;
  created_at: Timestamp;
  // Migration 0004.
  sandbox: Generated<boolean>;
  external_account_id: string | null;
  username: string | null;
  ebay_id: string | null;
  marketplace_id: string | null;
  shop_domain: string | null;
  tiktok_shop_id: string | null;
  tiktok_shop_cipher: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  access_token_expires_at: NullableTimestamp;
  refresh_token_expiry: NullableTimestamp;
  scopes: Generated<string[]>;
  created_by: string | null;
  updated_at: Timestamp;
  disconnected_at: NullableTimestamp;
  last_error: string | null;
  // Migration 0005.
  orders_polled_at: NullableTimestamp;
  reconciled_at: NullableTimestamp;
}

export interface OauthStatesTable {
  state_hash: string;
  platform: Platform;
  user_id: string;
  organization_id: string;
  shop: string | null;
  expires_at: Date;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ProcessedWebhookEventsTable {
  id: Generated<string>;
  provider: string;
  event_id: string;
  topic: string;
  account: string | null;
  received_at: Timestamp;
  processed_at: NullableTimestamp;
}

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ImportsTable {
  id: Generated<string>;
  organization_id: string;
  connection_id: string;
  user_id: string | null;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  product_ids: string[] | null;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  is_synced: Generated<boolean>;
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

export interface ChannelListingsTable {
  id: Generated<string>;
  organization_id: string;
  connection_id: string;
  variant_id: string;
  external_product_id: string;
  external_variant_id: string;
  external_inventory_item_id: string | null;
  external_location_id: string | null;
  last_pushed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 0005.
  channel_qty: number | null;
  confirmed_at: NullableTimestamp;
  channel_version: Generated<string>;
  push_pending: Generated<boolean>;
  push_seq: Generated<string>;
  check_seq: Generated<string>;
  push_error: string | null;
  check_pending: Generated<boolean>;
  drift_qty: number | null;
  drift_seen_at: NullableTimestamp;
  // Migration 0014.
  channel_at: NullableTimestamp;
  reported_qty: number | null;
  reported_at: NullableTimestamp;
  // Migration 0019.
  check_order_id: string | null;
  check_reconcile: Generated<boolean>;
}

export interface PendingChannelOrdersTable {
  connection_id: string;
  order_id: string;
  received_at: Timestamp;
}

/** One listing of a push batch in flight: what was sent and the push it answers. */
export interface PushBatchRow {
  listing_id: string;
  quantity: number;
  compare: number | null;
  seq: string;
}

export interface PushBatchesTable {
  idempotency_key: string;
  connection_id: string;
  /** jsonb, written as JSON text. */
  rows: ColumnType<PushBatchRow[], string, string>;
  created_at: Generated<Timestamp>;
}

export interface InventoryLedgerTable {
  id: GeneratedAlways<string>;
  organization_id: string;
  variant_id: string;
  delta: number;
  qty_before: number;
  qty_after: number;
  cause: 'order' | 'channel_edit' | 'manual' | 'import' | 'reconciliation';
  connection_id: string | null;
  reference: string | null;
  user_id: string | null;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface ActivityLogsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  activity: string;
  /** NULL when the entry keeps its facts in details instead (formatted when read). */
  note: string | null;
  /** jsonb: a stock change's facts, written by stock_apply_change only. */
  details: ColumnType<unknown, never, never>;
  status: ActivityStatus;
  created_at: Timestamp;
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

export interface OrganizationCatalogStatsTable {
  organization_id: string;
  product_count: BigCount;
  synced_count: BigCount;
  missing_sku_count: BigCount;
  list_version: BigCount;
  /** Bumped when a title or a variant's SKU changes (migration 0010). */
  search_version: BigCount;
}

/** Every table the application owns. graphile-worker's schema is managed by graphile-worker. */
export interface Database {
  users: UsersTable;
  login_codes: LoginCodesTable;
  sessions: SessionsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  schema_migrations: SchemaMigrationsTable;
  platform_connections: PlatformConnectionsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  channel_listings: ChannelListingsTable;
  activity_logs: ActivityLogsTable;
  sku_settings: SkuSettingsTable;
  organization_catalog_stats: OrganizationCatalogStatsTable;
  oauth_states: OauthStatesTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  imports: ImportsTable;
  inventory_ledger: InventoryLedgerTable;
  pending_channel_orders: PendingChannelOrdersTable;
  push_batches: PushBatchesTable;
}

export type UserRow = Selectable<UsersTable>;
export type LoginCodeRow = Selectable<LoginCodesTable>;
export type NewLoginCode = Insertable<LoginCodesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
