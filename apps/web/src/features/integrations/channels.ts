export const CHANNELS = [
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
] as const;
