import { apiRequest } from '@/lib/api-client';
import type { ConnectResult, Platform } from './types';

/**
 * Finishes an authorisation that came back to one of the /auth/* callback screens:
 * Shopify posts every query parameter (HMAC-checked by the server), eBay and TikTok the code and
 * state. The organisation is the one the server bound to the state.
 */
export function completeConnection(platform: Platform, query: Record<string, string>) {
  if (platform === 'shopify') {
    return apiRequest<ConnectResult>('/platforms/shopify/callback', {
      method: 'POST',
      body: { query },
      withOrg: false,
    });
  }
  return apiRequest<ConnectResult>(`/platforms/${platform}/oauth`, {
    method: 'POST',
    body: { code: query.code ?? '', state: query.state ?? '' },
    withOrg: false,
  });
}

// A code can be exchanged once; strict mode (and a re-render) must not send it twice.
const pending = new Map<string, Promise<ConnectResult>>();

export function completeConnectionOnce(platform: Platform, query: Record<string, string>) {
  const key = `${platform}:${JSON.stringify(query)}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = completeConnection(platform, query);
    pending.set(key, promise);
  }
  return promise;
}
