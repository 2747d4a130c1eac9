/**
 * Every knob of the eBay emulator. Defaults are the documented values from docs/channels §2;
 * values the reference marks "(unconfirmed)" are settings precisely so tests can change them.
 */
export const EBAY_SCOPE_BASE = 'https://api.ebay.com/oauth/api_scope';

export const EBAY_SCOPES = [
  EBAY_SCOPE_BASE,
  `${EBAY_SCOPE_BASE}/sell.inventory`,
  `${EBAY_SCOPE_BASE}/sell.inventory.readonly`,
  `${EBAY_SCOPE_BASE}/sell.fulfillment`,
  `${EBAY_SCOPE_BASE}/sell.fulfillment.readonly`,
  `${EBAY_SCOPE_BASE}/sell.account`,
  `${EBAY_SCOPE_BASE}/sell.account.readonly`,
  `${EBAY_SCOPE_BASE}/commerce.identity.readonly`,
  `${EBAY_SCOPE_BASE}/commerce.notification.subscription`,
] as const;

/** Daily call quotas are counted per API (and per OAuth grant type), reset at midnight US Pacific. */
export type EbayQuotaApi =
  | 'sell.inventory'
  | 'sell.fulfillment'
  | 'commerce.identity'
  | 'commerce.notification'
  | 'oauth.client_credentials'
  | 'oauth.authorization_code'
  | 'oauth.refresh_token';

export interface EbaySellerAccount {
  username: string;
  userId: string;
  eiasToken: string;
  marketplaceId: string;
  currency: string;
  /** Where seeded offers say the goods ship from. */
  merchantLocationKey: string;
}

export interface EbayCatalogueSettings {
  /** Products to seed on start and on reset (0 = empty account). */
  products: number;
  seed: number;
  skuPrefix: string;
  offset: number;
  variantsPerProduct?: number;
  missingSkuRate?: number;
}

export interface EbaySettings {
  /** App ID (OAuth client_id). */
  clientId: string;
  /** Cert ID (OAuth client_secret). */
  clientSecret: string;
  devId: string;
  /** The RuName the product passes as redirect_uri. */
  ruName: string;
  /** The "auth accepted URL" the RuName is bound to in the developer portal. */
  acceptUrl: string;
  /** The "auth declined URL" of the RuName. */
  declineUrl: string;
  account: EbaySellerAccount;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  applicationTokenTtlSeconds: number;
  /** Lifetime of an authorization code (~299 s, unconfirmed). */
  authCodeTtlSeconds: number;
  /** Add `expires_in` (code lifetime) to the consent redirect (unconfirmed). */
  redirectIncludesExpiresIn: boolean;
  catalogue: EbayCatalogueSettings;
  /** Max entries per bulk call (bulk_get, bulk_create_or_replace, bulk_update_price_quantity). */
  bulkMaxRequests: number;
  /** Max offers across all entries of one bulk_update_price_quantity call. */
  bulkMaxOffers: number;
  inventoryListDefaultLimit: number;
  inventoryListMaxLimit: number;
  offersDefaultLimit: number;
  offersMaxLimit: number;
  ordersDefaultLimit: number;
  ordersMaxLimit: number;
  orderIdsMax: number;
  /** getOrders without a creationdate filter returns orders of the last N days. */
  ordersDefaultWindowDays: number;
  /** HTTP status of a successful createOrReplaceInventoryItem (204 per reference, unconfirmed). */
  inventoryItemPutStatus: 200 | 201 | 204;
  /** Daily quotas; a missing entry means unlimited. */
  quotas: Partial<Record<EbayQuotaApi, number>>;
  /** IANA zone whose midnight starts a new quota day. */
  quotaTimeZone: string;
  /** Marketplace account deletion subscriber (the product's endpoint). */
  deletion: { endpoint: string; verificationToken: string };
  /** Notification signature: key id sent in X-EBAY-SIGNATURE (`kid`). */
  notificationKeyId: string;
  /**
   * Notification API alert email, as if the developer had set it with updateConfig: eBay refuses
   * destinations and subscriptions until one exists (409 195003). '' starts without one.
   */
  notificationAlertEmail: string;
  /**
   * createDestination/updateDestination first GET `{endpoint}?challenge_code=` and refuse an endpoint
   * that does not answer the challenge (409 195020), as eBay does. Off by default so an app under
   * test that does not listen on its APP_URL can still subscribe; tests of the registration turn it on.
   */
  verifyDestinationEndpoint: boolean;
}

export const defaultEbaySettings = (): EbaySettings => ({
  clientId: 'StockSyn-emulator-PRD-a1b2c3d4e-5f6a7b8c',
  clientSecret: 'PRD-a1b2c3d4e5f6-7a8b-9c0d-1e2f-3a4b',
  devId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  ruName: 'StockSync_Emula-StockSyn-emulat-abcdefgh',
  acceptUrl: 'http://localhost:3000/auth/ebay/callback',
  declineUrl: 'http://localhost:3000/auth/ebay/callback?declined=true',
  account: {
    username: 'stocksync_demo_seller',
    userId: 'aB3dE5fG7h',
    eiasToken: 'bm90LWEtcmVhbC10b2tlbg==',
    marketplaceId: 'EBAY_US',
    currency: 'USD',
    merchantLocationKey: 'WH1',
  },
  accessTokenTtlSeconds: 7200,
  refreshTokenTtlSeconds: 47_304_000,
  applicationTokenTtlSeconds: 7200,
  authCodeTtlSeconds: 299,
  redirectIncludesExpiresIn: true,
  catalogue: { products: 20, seed: 42, skuPrefix: 'SS', offset: 10 },
  bulkMaxRequests: 25,
  bulkMaxOffers: 25,
  inventoryListDefaultLimit: 25,
  inventoryListMaxLimit: 200,
  offersDefaultLimit: 25,
  offersMaxLimit: 25,
  ordersDefaultLimit: 50,
  ordersMaxLimit: 200,
  orderIdsMax: 50,
  ordersDefaultWindowDays: 90,
  inventoryItemPutStatus: 204,
  quotas: {
    'sell.inventory': 2_000_000,
    'sell.fulfillment': 100_000,
    'commerce.notification': 10_000,
    'oauth.client_credentials': 1_000,
    'oauth.authorization_code': 10_000,
    'oauth.refresh_token': 50_000,
  },
  quotaTimeZone: 'America/Los_Angeles',
  deletion: {
    endpoint: 'http://localhost:3000/v1/webhooks/ebay/account-deletion',
    verificationToken: 'stocksync_emulator_verification_token_0123',
  },
  notificationKeyId: 'ebay-emulator-key-1',
  notificationAlertEmail: 'developer@stocksync.example',
  verifyDestinationEndpoint: false,
});

/** Options of createEbayEmulator: any setting, partially; nested objects merge one level deep. */
export type EbaySettingsInput = Partial<
  Omit<EbaySettings, 'account' | 'catalogue' | 'quotas' | 'deletion'>
> & {
  account?: Partial<EbaySellerAccount>;
  catalogue?: Partial<EbayCatalogueSettings>;
  quotas?: Partial<Record<EbayQuotaApi, number>>;
  deletion?: Partial<EbaySettings['deletion']>;
};

export function resolveEbaySettings(input: EbaySettingsInput = {}): EbaySettings {
  const base = defaultEbaySettings();
  return {
    ...base,
    ...input,
    account: { ...base.account, ...input.account },
    catalogue: { ...base.catalogue, ...input.catalogue },
    quotas: { ...base.quotas, ...input.quotas },
    deletion: { ...base.deletion, ...input.deletion },
  };
}
