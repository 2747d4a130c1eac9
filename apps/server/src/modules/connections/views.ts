import type { MarketplaceAccount, PlatformConnection } from '@stocksync/contract';
import type { ConnectionRow } from './repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A connection as the list of the organisation's connections shows it. */
export function toPlatformConnection(row: ConnectionRow): PlatformConnection {
  return {
    id: row.id,
    platform: row.platform,
    alias: row.alias,
    status: row.status,
    sync_enabled: row.sync_enabled,
    sandbox: row.sandbox,
    username: row.username,
    shop_domain: row.shop_domain,
    marketplace_id: row.marketplace_id,
    refresh_token_expiry: iso(row.refresh_token_expiry),
    created_at: row.created_at.toISOString(),
  };
}

/** A connection as one account's screen shows it. */
export function toAccount(row: ConnectionRow): MarketplaceAccount {
  return {
    id: row.id,
    alias: row.alias,
    username: row.username,
    ebay_id: row.ebay_id,
    marketplace_id: row.marketplace_id,
    refresh_token_expiry: iso(row.refresh_token_expiry),
    platform_connection_id: row.id,
    status: row.status,
    sandbox: row.sandbox,
    shop_domain: row.shop_domain,
  };
}
