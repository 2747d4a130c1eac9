import type { ActivityLogsTable } from './tables/activity';
import type { LoginCodesTable, SessionsTable } from './tables/auth';
import type {
  OrganizationCatalogStatsTable,
  ProductSortKeysTable,
  ProductStockKeysTable,
  ProductsTable,
  ProductVariantsTable,
  SkuSettingsTable,
} from './tables/catalog';
import type { OauthStatesTable, PlatformConnectionsTable } from './tables/connections';
import type { LiveEventsTable } from './tables/events';
import type { ImportChangesTable, ImportsTable } from './tables/imports';
import type { MembershipsTable, OrganizationsTable } from './tables/organizations';
import type { SchemaMigrationsTable } from './tables/schema-migrations';
import type {
  AlignmentOrdersTable,
  ChannelListingsTable,
  ChannelOrderNamesTable,
  InventoryLedgerTable,
  PendingChannelOrdersTable,
  PushBatchesTable,
  SkuPushesTable,
} from './tables/sync';
import type { UsersTable } from './tables/users';
import type { ProcessedWebhookEventsTable } from './tables/webhooks';

// Each module's tables are in db/tables/<module>.ts (owners: eslint-rules/table-owners.js).
export type { PushBatchRow } from './tables/sync';

export type Platform = 'shopify' | 'ebay' | 'tiktok';

/** How each platform is named to sellers (activity entries, messages). */
export const PLATFORM_NAMES: Record<Platform, string> = {
  shopify: 'Shopify',
  ebay: 'eBay',
  tiktok: 'TikTok Shop',
};

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
  product_sort_keys: ProductSortKeysTable;
  product_stock_keys: ProductStockKeysTable;
  oauth_states: OauthStatesTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  imports: ImportsTable;
  import_changes: ImportChangesTable;
  inventory_ledger: InventoryLedgerTable;
  pending_channel_orders: PendingChannelOrdersTable;
  channel_order_names: ChannelOrderNamesTable;
  alignment_orders: AlignmentOrdersTable;
  push_batches: PushBatchesTable;
  sku_pushes: SkuPushesTable;
  live_events: LiveEventsTable;
}
