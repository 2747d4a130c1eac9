// Catalogue API shapes come from the shared contract, so web and server cannot drift apart.
export {
  platforms as PLATFORMS,
  type GenerateSkusBody,
  type GenerateSkusResponse,
  type ListProductsResponse as ProductList,
  type Platform,
  type PlatformMap,
  type ProductDetail,
  type ProductSortKey,
  type ProductRow,
  type SortOrder,
  type SyncProductsBody,
  type UpdateCostBody,
  type UpdateCostResponse,
  type Variant,
} from '@stocksync/contract';

import type { ProductSortKey, SortOrder, StockFilter } from '@stocksync/contract';

/** Query parameters of GET /v1/products as the web app sends them. */
export type ProductListParams = {
  page: number;
  pageSize: number;
  search?: string;
  synced?: 'true' | 'false';
  missingSku?: 'true';
  missingCost?: 'true';
  stock?: StockFilter;
  sort?: ProductSortKey;
  order?: SortOrder;
};
