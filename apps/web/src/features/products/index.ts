// The products feature's public entry: the catalogue's reads and bulk actions, for the
// inventory list and for features that change products (imports, connections).
export { useExportProducts } from './api/export-products';
export { useGenerateSkus } from './api/generate-skus';
export { SkuWritebackDialog } from './components/sku-writeback-dialog';
export { SkuListingsTable } from './components/sku-listings-table';
export { useProductLazy } from './api/get-product';
export { useProducts, useProductsTotal } from './api/get-products';
export { productKeys } from './api/product-keys';
export { useSyncPreview } from './api/sync-preview';
export { useToggleProductSync } from './api/toggle-product-sync';
export type { ProductListParams, ProductRow, ProductSortKey, SortOrder } from './api/types';
export { exactTime, relativeTime } from './stock';
export { useNow } from './use-now';
