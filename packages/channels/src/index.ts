export * from './port';
export { ShopifyAdapter } from './shopify/adapter';
export {
  shopifyConfigSchema,
  SHOPIFY_API_VERSIONS,
  type ShopifyConfig,
  type ShopifyConfigInput,
  type ShopifyApiVersion,
} from './shopify/config';
export type { ThrottleStatus } from './shopify/graphql';
export { SHOPIFY_TOPICS } from './shopify/webhooks';
export { EbayAdapter } from './ebay/adapter';
export { ebayConfigSchema, type EbayConfig, type EbayConfigInput } from './ebay/config';
export { challengeResponse as ebayChallengeResponse } from './ebay/notifications';
export { TiktokAdapter } from './tiktok/adapter';
export { tiktokConfigSchema, type TiktokConfig, type TiktokConfigInput } from './tiktok/config';
export { CHANNEL_ADAPTERS } from './registry';
