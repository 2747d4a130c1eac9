import { useMutation } from '@tanstack/react-query';
import { connectShopify } from './connect-shopify';
import { getConnectUrl } from './get-connect-url';
import type { ConnectionRef } from './types';

export type ReconnectInput = { orgId: string; connection: ConnectionRef };

/** Restarts the connection's OAuth: a fresh consent URL for its platform (same shop for Shopify). */
export async function reconnectUrl({ orgId, connection }: ReconnectInput): Promise<string> {
  if (connection.platform === 'shopify') {
    if (!connection.shop_domain) throw new Error('This connection has no shop domain to reconnect');
    return (await connectShopify({ orgId, shop: connection.shop_domain })).url;
  }
  const { url } = await getConnectUrl(orgId, connection.platform);
  if (!url) throw new Error('The server returned no authorisation address');
  return url;
}

export function useReconnect() {
  return useMutation({
    mutationFn: reconnectUrl,
    onSuccess: (url) => window.location.assign(url),
  });
}
