import type { Platform } from '@stocksync/contract';

export const CHANNELS: readonly { id: Platform; name: string; description: string }[] = [
  {
    id: 'shopify',
    name: 'Shopify',
    description: 'Import your storefront catalogue and keep its stock levels in sync.',
  },
  {
    id: 'ebay',
    name: 'eBay',
    description: 'Connect one or more seller accounts and sync quantities on your listings.',
  },
  {
    id: 'tiktok',
    name: 'TikTok Shop',
    description: 'Keep your short-video shop from selling stock you no longer have.',
  },
];

export function channelName(platform: Platform): string {
  return CHANNELS.find((channel) => channel.id === platform)?.name ?? platform;
}

export function isPlatform(value: string): value is Platform {
  return CHANNELS.some((channel) => channel.id === value);
}
