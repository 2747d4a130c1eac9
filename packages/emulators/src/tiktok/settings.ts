/**
 * Every knob of the TikTok Shop emulator. TikTok's Partner Center docs could not be consulted for
 * docs/channels §3, so most error codes and several shapes are (unconfirmed) defaults here.
 */
export interface TiktokShop {
  id: string;
  name: string;
  region: string;
  seller_type: 'LOCAL' | 'CROSS_BORDER';
  cipher: string;
  code: string;
}

export interface TiktokWarehouse {
  id: string;
  name: string;
  type: 'SALES_WAREHOUSE' | 'RETURN_WAREHOUSE';
  effect_status: 'ENABLED' | 'DISABLED' | 'RESTRICTED';
  is_default: boolean;
}

export interface TiktokErrorCode {
  code: number;
  message: string;
  httpStatus: number;
}

/** All error answers: `{code, message, request_id, data}`; codes other than 106001 are (unconfirmed). */
export interface TiktokErrorCodes {
  invalidSignature: TiktokErrorCode;
  invalidAppKey: TiktokErrorCode;
  invalidTimestamp: TiktokErrorCode;
  missingAccessToken: TiktokErrorCode;
  invalidAccessToken: TiktokErrorCode;
  expiredAccessToken: TiktokErrorCode;
  invalidShopCipher: TiktokErrorCode;
  invalidParameter: TiktokErrorCode;
  productNotFound: TiktokErrorCode;
  skuNotInProduct: TiktokErrorCode;
  warehouseNotFound: TiktokErrorCode;
  orderNotFound: TiktokErrorCode;
  rateLimited: TiktokErrorCode;
  serverError: TiktokErrorCode;
  invalidAppCredentials: TiktokErrorCode;
  invalidAuthCode: TiktokErrorCode;
  invalidRefreshToken: TiktokErrorCode;
}

export interface TiktokSettings {
  appKey: string;
  appSecret: string;
  /** service_id of the current authorization URL (services.tiktokshop.com/open/authorize). */
  serviceId: string;
  /** The app's registered redirect URL. */
  redirectUrl: string;
  /** Query parameter carrying the code in the redirect ('code', a.k.a. auth_code; unconfirmed). */
  redirectCodeParam: string;
  seller: { openId: string; sellerName: string; sellerBaseRegion: string; userType: number };
  shop: TiktokShop;
  currency: string;
  /** Shown in prices as tax_exclusive_price = sale_price / (1 + taxRate). */
  taxRate: number;
  warehouses: TiktokWarehouse[];
  grantedScopes: string[];
  /** Access token ~7 days, refresh token longer (both unconfirmed); answered as absolute timestamps. */
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  authCodeTtlSeconds: number;
  /** Refresh answers a new refresh token (the old one keeps working until it expires). */
  rotateRefreshToken: boolean;
  /** Allowed |server time - timestamp| for signed calls (~5 min, unconfirmed). */
  timestampToleranceSeconds: number;
  searchMaxPageSize: number;
  ordersMaxPageSize: number;
  /** Per-app per-shop per-API QPS limit (~50, unconfirmed); 0 switches it off. */
  qpsLimit: number;
  catalogue: {
    products: number;
    seed: number;
    skuPrefix: string;
    offset: number;
    variantsPerProduct?: number;
    missingSkuRate?: number;
  };
  /** Default webhook address for every event type (PUT /event/202309/webhooks overrides per type). */
  webhookUrl?: string;
  /** Integer `type` of webhook deliveries; only 1 (order status change) is consistent across sources. */
  webhookTypes: { orderStatusChange: number; productInformationChange: number };
  errorCodes: TiktokErrorCodes;
}

const e = (code: number, message: string, httpStatus = 200): TiktokErrorCode => ({
  code,
  message,
  httpStatus,
});

export const defaultTiktokSettings = (): TiktokSettings => ({
  appKey: '6emulatorapp1',
  appSecret: 'e59af819cc0d3e4b2a6f7d8c9b0a1e2f3d4c5b6a',
  serviceId: '7310000000000000001',
  redirectUrl: 'http://localhost:3000/auth/tiktok/callback',
  redirectCodeParam: 'code',
  seller: {
    openId: '7010736057180325637',
    sellerName: 'StockSync Demo Shop',
    sellerBaseRegion: 'GB',
    userType: 0,
  },
  shop: {
    id: '7494105515082810525',
    name: 'StockSync Demo Shop',
    region: 'GB',
    seller_type: 'LOCAL',
    cipher: 'GCP_sz2-9AAAAAC5i0xXesBU5U8f6-b0Wd5_',
    code: 'GBLCTXQHN6',
  },
  currency: 'GBP',
  taxRate: 0.2,
  warehouses: [
    {
      id: '7068517275539719942',
      name: 'Main warehouse',
      type: 'SALES_WAREHOUSE',
      effect_status: 'ENABLED',
      is_default: true,
    },
    {
      id: '7068517275539719943',
      name: 'Overflow warehouse',
      type: 'SALES_WAREHOUSE',
      effect_status: 'ENABLED',
      is_default: false,
    },
    {
      id: '7068517275539719944',
      name: 'Returns',
      type: 'RETURN_WAREHOUSE',
      effect_status: 'ENABLED',
      is_default: false,
    },
  ],
  grantedScopes: [
    'seller.authorization.info',
    'seller.product.basic',
    'seller.product.write',
    'seller.order.info',
    'seller.logistics',
  ],
  accessTokenTtlSeconds: 7 * 86_400,
  refreshTokenTtlSeconds: 365 * 86_400,
  authCodeTtlSeconds: 600,
  rotateRefreshToken: true,
  timestampToleranceSeconds: 300,
  searchMaxPageSize: 100,
  ordersMaxPageSize: 100,
  qpsLimit: 50,
  catalogue: { products: 20, seed: 42, skuPrefix: 'SS', offset: 20 },
  webhookTypes: { orderStatusChange: 1, productInformationChange: 15 },
  errorCodes: {
    invalidSignature: e(106001, 'Invalid credentials. The signature is invalid.', 401),
    invalidAppKey: e(106002, 'Invalid credentials. The app_key is invalid.', 401),
    invalidTimestamp: e(
      106003,
      'Invalid timestamp. The request timestamp is expired or invalid.',
      401,
    ),
    missingAccessToken: e(105000, 'Invalid credentials. The access token is missing.', 401),
    invalidAccessToken: e(105001, 'Invalid credentials. The access token is invalid.', 401),
    expiredAccessToken: e(105002, 'Expired credentials. The access token has expired.', 401),
    invalidShopCipher: e(
      106011,
      'Invalid shop_cipher. The shop is not authorized for this access token.',
      200,
    ),
    invalidParameter: e(36009004, 'Invalid parameter.', 200),
    productNotFound: e(12052048, 'Product does not exist.', 200),
    skuNotInProduct: e(12052217, 'SKU does not belong to the product.', 200),
    warehouseNotFound: e(12052219, 'Warehouse does not exist or is not a sales warehouse.', 200),
    orderNotFound: e(21011001, 'Order does not exist.', 200),
    rateLimited: e(36009003, 'Too many requests. The API rate limit is exceeded.', 429),
    serverError: e(36009001, 'Internal error. Please try again later.', 500),
    invalidAppCredentials: e(36004001, 'Invalid app_key or app_secret.', 200),
    invalidAuthCode: e(36004004, 'Invalid auth_code. It is expired, used or does not exist.', 200),
    invalidRefreshToken: e(
      36004005,
      'Invalid refresh_token. It is expired or does not exist.',
      200,
    ),
  },
});

export type TiktokSettingsInput = Partial<
  Omit<TiktokSettings, 'seller' | 'shop' | 'catalogue' | 'webhookTypes' | 'errorCodes'>
> & {
  seller?: Partial<TiktokSettings['seller']>;
  shop?: Partial<TiktokShop>;
  catalogue?: Partial<TiktokSettings['catalogue']>;
  webhookTypes?: Partial<TiktokSettings['webhookTypes']>;
  errorCodes?: Partial<TiktokErrorCodes>;
};

export function resolveTiktokSettings(input: TiktokSettingsInput = {}): TiktokSettings {
  const base = defaultTiktokSettings();
  return {
    ...base,
    ...input,
    seller: { ...base.seller, ...input.seller },
    shop: { ...base.shop, ...input.shop },
    catalogue: { ...base.catalogue, ...input.catalogue },
    webhookTypes: { ...base.webhookTypes, ...input.webhookTypes },
    errorCodes: { ...base.errorCodes, ...input.errorCodes },
  };
}
