/** TikTok Shop 202309 wire shapes (docs/channels §3; field lists from the hsib19 SDK types). */
export interface Envelope<T> {
  code: number;
  message: string;
  request_id: string;
  data: T;
}

export interface Price {
  currency: string;
  sale_price: string;
  tax_exclusive_price: string;
  unit_price?: string;
}

export interface InventoryEntry {
  warehouse_id: string;
  quantity: number;
}

export interface SalesAttribute {
  id: string;
  name: string;
  value_id: string;
  value_name: string;
}

export interface Sku {
  id: string;
  seller_sku: string;
  price: Price;
  inventory: InventoryEntry[];
  sales_attributes: SalesAttribute[];
  external_sku_id: string;
}

export type ProductStatus =
  | 'DRAFT'
  | 'PENDING'
  | 'FAILED'
  | 'ACTIVATE'
  | 'SELLER_DEACTIVATED'
  | 'PLATFORM_DEACTIVATED'
  | 'FREEZE'
  | 'DELETED';

export interface Product {
  id: string;
  title: string;
  description: string;
  status: ProductStatus;
  create_time: number;
  update_time: number;
  sales_regions: string[];
  brand: { id: string; name: string };
  category_chains: Array<{ id: string; parent_id: string; local_name: string; is_leaf: boolean }>;
  main_images: Array<{ uri: string; urls: string[]; width: number; height: number }>;
  skus: Sku[];
  audit: { status: string };
  is_cod_allowed: boolean;
}

/** A product as product search lists it (summary fields). */
export interface ProductSummary {
  id: string;
  title: string;
  status: ProductStatus;
  create_time: number;
  update_time: number;
  sales_regions: string[];
  skus: Array<Pick<Sku, 'id' | 'seller_sku' | 'price' | 'inventory'>>;
}

export interface SearchProductsData {
  total_count: number;
  next_page_token: string;
  products: ProductSummary[];
}

export type OrderStatus =
  | 'UNPAID'
  | 'ON_HOLD'
  | 'AWAITING_SHIPMENT'
  | 'AWAITING_COLLECTION'
  | 'IN_TRANSIT'
  | 'DELIVERED'
  | 'COMPLETED'
  | 'CANCELLED';

export interface OrderLineItem {
  id: string;
  product_id: string;
  product_name: string;
  sku_id: string;
  seller_sku: string;
  sku_name: string;
  sale_price: string;
  original_price: string;
  currency: string;
  display_status: OrderStatus;
}

export interface Order {
  id: string;
  status: OrderStatus;
  create_time: number;
  update_time: number;
  paid_time: number;
  buyer_email: string;
  payment: { currency: string; sub_total: string; total_amount: string };
  line_items: OrderLineItem[];
}

export interface WebhookPayload<D> {
  type: number;
  tts_notification_id: string;
  shop_id: string;
  timestamp: number;
  data: D;
}

export interface TokenData {
  access_token: string;
  access_token_expire_in: number;
  refresh_token: string;
  refresh_token_expire_in: number;
  open_id: string;
  seller_name: string;
  seller_base_region: string;
  user_type: number;
  granted_scopes: string[];
}
