// Channel connection shapes come from the shared contract, so web and server cannot drift apart.
import type { PlatformConnection } from '@stocksync/contract';

export type {
  ConnectedResponse as ConnectResult,
  ConnectionStatus,
  ListPlatformsResponse as PlatformsResponse,
  MarketplaceAccount as ChannelAccount,
  Platform,
  PlatformConnection,
} from '@stocksync/contract';
export { platforms as PLATFORMS, SHOP_DOMAIN_PATTERN } from '@stocksync/contract';

/** What reconnecting and disconnecting need to know about a connection. */
export type ConnectionRef = Pick<PlatformConnection, 'id' | 'platform' | 'alias' | 'shop_domain'>;

/** GET /v1/platforms/{ebay|tiktok}/oauth/get-url and POST /v1/platforms/shopify. */
export type ConnectUrlResponse = { url: string };
