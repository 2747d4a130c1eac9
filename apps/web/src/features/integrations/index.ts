// The integrations feature's public entry: connected accounts as other features show them.
export { accountQueryOptions } from './api/get-account';
export { usePlatforms } from './api/get-platforms';
export { reconcile } from './api/reconcile';
export { ChannelLoadError } from './components/channel-load-error';
export { ConnectChannels, type EbayConnect } from './components/connect-channels';
export { ConnectionStatusBadge, SandboxBadge } from './components/connection-badges';
export { ReconnectButton } from './components/connection-actions';
export { ConnectionList } from './components/connection-list';
export { takePendingShopifyInstall } from './pending-install';
