// Connection shapes of the channel API. The server's zod contract (packages/contract connections)
// was not published when these screens were written; these mirror the agreed shapes until then.
import type { Platform } from '@stocksync/contract';

export type { Platform } from '@stocksync/contract';
export { platforms as PLATFORMS } from '@stocksync/contract';

export type ConnectionStatus = 'active' | 'needs_reauth' | 'disconnected';

/** One entry of GET /v1/platforms. */
export type PlatformConnection = {
  id: string;
  platform: Platform;
  alias: string;
  status: ConnectionStatus;
  sync_enabled: boolean;
  sandbox: boolean;
  username: string | null;
  shop_domain: string | null;
  marketplace_id: string | null;
  refresh_token_expiry: string | null;
  created_at: string;
};

/** What reconnecting and disconnecting need to know about a connection. */
export type ConnectionRef = Pick<PlatformConnection, 'id' | 'platform' | 'alias' | 'shop_domain'>;

export type PlatformsResponse = { platforms: PlatformConnection[] };

/** GET /v1/platforms/{platform}/alias?alias= (spec §3 marketplace account, plus status). */
export type ChannelAccount = {
  id: string;
  alias: string;
  username: string | null;
  ebay_id: string | null;
  marketplace_id: string | null;
  refresh_token_expiry: string | null;
  platform_connection_id: string;
  status: ConnectionStatus;
  sandbox: boolean;
  shop_domain: string | null;
};

export type ConnectUrlResponse = { url: string };

/** Answer of every OAuth completion (Shopify callback, eBay and TikTok code exchange). */
export type ConnectResult = {
  platform_connection_id: string;
  alias: string;
  organization_id: string;
};
