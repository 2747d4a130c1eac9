import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SHOP_DOMAIN_PATTERN, type ConnectUrlResponse } from './types';

export type ConnectShopifyInput = { orgId: string; shop: string };

/** POST /v1/platforms/shopify {shop} → {url} of the shop's install (OAuth) page. */
export function connectShopify({ orgId, shop }: ConnectShopifyInput) {
  return apiRequest<ConnectUrlResponse>('/platforms/shopify', {
    method: 'POST',
    orgId,
    body: { shop },
  });
}

/** Starts the Shopify install and leaves for the shop's consent page. */
export function useConnectShopify() {
  return useMutation({
    mutationFn: connectShopify,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * Accepts "my-shop", "my-shop.myshopify.com" or a pasted admin/store URL and returns the
 * *.myshopify.com domain, or null when it cannot be one.
 */
export function normalizeShopDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (!value) return null;
  value = value.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  if (!value.includes('.')) value = `${value}.myshopify.com`;
  return SHOP_DOMAIN_PATTERN.test(value) ? value : null;
}
