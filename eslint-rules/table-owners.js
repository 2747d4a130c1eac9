/**
 * Which server module owns each table: only that module's repositories write it, and only the
 * owner and the modules listed as readers may read it (joins on hot paths, where a call through
 * the owner's service would cost a round trip per row). Everyone else calls the owner's service.
 * Enforced by eslint-rules/table-ownership.js; see docs/decisions/0043.
 *
 * Module names are the folders under apps/server/src/modules, plus `db` (migration runner) and
 * `jobs` (the job queue, which alone may touch graphile-worker's schema).
 */
export const tableOwners = {
  users: {
    owner: 'users',
    readers: {
      activity: 'actor email',
      sync: 'ledger actor',
      organizations: 'member e-mails',
    },
  },
  login_codes: { owner: 'auth' },
  sessions: { owner: 'auth' },
  organizations: {
    owner: 'organizations',
    readers: {
      analytics: 'currency and low-stock threshold',
      catalog: 'low-stock threshold in the product list filter',
    },
  },
  memberships: { owner: 'organizations' },
  invitations: { owner: 'invitations' },
  schema_migrations: { owner: 'db' },
  platform_connections: {
    owner: 'connections',
    readers: {
      catalog: 'listing channel names in product detail',
      sync: 'connection settings and tokens on every push',
      analytics: 'sync health and sales channel names',
    },
  },
  oauth_states: { owner: 'connections' },
  products: {
    owner: 'catalog',
    readers: {
      sync: 'sync path and sync views',
      connections: 'products listed on a connection',
      analytics: 'names of the best sellers',
    },
  },
  product_variants: {
    owner: 'catalog',
    readers: {
      sync: 'sync path and sync views',
      connections: 'products listed on a connection',
      analytics: 'names of the best sellers',
    },
  },
  sku_settings: { owner: 'catalog' },
  product_sort_keys: { owner: 'catalog' },
  product_stock_keys: { owner: 'catalog' },
  organization_catalog_stats: {
    owner: 'catalog',
    readers: {
      billing: 'product count against the plan limit',
      analytics: 'product count in the summary',
    },
  },
  channel_listings: {
    owner: 'sync',
    readers: {
      catalog: 'listings in product detail',
      connections: 'products listed on a connection',
      analytics: 'pushes pending per connection',
    },
  },
  inventory_ledger: { owner: 'sync' },
  pending_channel_orders: { owner: 'sync' },
  channel_order_names: { owner: 'sync' },
  alignment_orders: { owner: 'sync' },
  push_batches: { owner: 'sync' },
  sku_pushes: { owner: 'sync' },
  sku_conflicts: { owner: 'sync' },
  sku_conflicts_stale: { owner: 'sync' },
  sku_conflict_counts: { owner: 'sync' },
  sync_sales_in_flight: {
    owner: 'sync',
    readers: { analytics: 'sales not yet confirmed on every channel (sync latency)' },
  },
  sync_sale_waits: {
    owner: 'sync',
    readers: { analytics: 'sales a channel refused (sync latency)' },
  },
  activity_logs: { owner: 'activity' },
  analytics_stock_buckets: { owner: 'analytics' },
  analytics_product_stock_buckets: { owner: 'analytics' },
  analytics_push_failures_daily: { owner: 'analytics' },
  analytics_sync_latency_daily: { owner: 'analytics' },
  analytics_sales_channel_daily: { owner: 'analytics' },
  analytics_sales_pending: { owner: 'analytics' },
  analytics_stock_pending: { owner: 'analytics' },
  analytics_sales_variant_blocks: { owner: 'analytics' },
  analytics_sales_currency_blocks: { owner: 'analytics' },
  live_events: { owner: 'events' },
  imports: { owner: 'imports' },
  import_changes: { owner: 'imports' },
  processed_webhook_events: { owner: 'webhooks' },
  plans: { owner: 'billing' },
  plan_prices: { owner: 'billing' },
  subscriptions: { owner: 'billing' },
};

/** SQL functions that write tables: calling one is a write by its owner. */
export const functionOwners = {
  stock_apply_change: 'sync',
  connection_listings_by_ref: 'sync',
  sync_sales_reached: 'sync',
  analytics_sales_fold: 'analytics',
  analytics_stock_fold: 'analytics',
};

/** Schemas owned whole by one module. */
export const schemaOwners = {
  graphile_worker: 'jobs',
};
