import type { ColumnType, Generated } from 'kysely';
import type { Platform } from '../types';
import type { NullableTimestamp, Timestamp } from './columns';

// The connections module's tables: connected channel accounts and OAuth states in flight.

export type ConnectionStatus = 'active' | 'needs_reauth' | 'disconnected';

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
  // Migration 0047: the channel's time the incremental stock check has read up to.
  changes_seen_at: NullableTimestamp;
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
