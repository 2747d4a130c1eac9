import { EbayAdapter } from './ebay/adapter';
import { ShopifyAdapter } from './shopify/adapter';
import { TiktokAdapter } from './tiktok/adapter';

/** Every adapter class by its static id (`ShopifyAdapter.id === 'shopify'`, ...). */
export const CHANNEL_ADAPTERS = {
  [ShopifyAdapter.id]: ShopifyAdapter,
  [EbayAdapter.id]: EbayAdapter,
  [TiktokAdapter.id]: TiktokAdapter,
} as const;
