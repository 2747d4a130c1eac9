// Shapes of the catalogue API (GET /v1/products, /v1/products/{id}, POST /v1/products/sync,
// POST /v1/variants/cost, POST /v1/users/sku-settings/generate). Kept local until the contract
// package exports them.

export const PLATFORMS = ['shopify', 'ebay', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];

export type PlatformConnections = { name: string; connections: number };
export type PlatformMap = Partial<Record<Platform, PlatformConnections>>;

export type ProductRow = {
  id: string;
  title: string;
  /** '' when the product has no SKU or several variants. */
  sku: string;
  is_synced: boolean;
  available_qty: number;
  /** Number of variants. */
  variants: number;
  /** Some variant has no SKU. */
  missing_sku: boolean;
  platforms: PlatformMap;
};

export type ProductListParams = {
  page: number;
  pageSize: number;
  search?: string;
  synced?: 'true' | 'false';
  missingSku?: 'true';
};

export type ProductList = {
  products: ProductRow[];
  total: number;
  page: number;
  pageSize: number;
};

export type Variant = {
  id: string;
  title: string;
  sku: string;
  available_qty: number;
  /** Exact decimal as text, e.g. "12.50". */
  cost_price: string;
  current_price: string;
  platforms: PlatformMap;
};

export type ProductDetail = {
  id: string;
  title: string;
  sku: string;
  is_synced: boolean;
  available_qty: number;
  platforms: PlatformMap;
  variants: Variant[];
};
