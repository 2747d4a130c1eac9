/** TikTok Shop wire shapes used by the adapter (docs/channels §3.4; no official TypeScript types). */

export interface TiktokInventory {
  warehouse_id: string;
  quantity: number;
}

export interface TiktokSku {
  id: string;
  seller_sku: string;
  price: { currency: string; sale_price: string; tax_exclusive_price?: string };
  inventory: TiktokInventory[];
  sales_attributes?: Array<{ name: string; value_name: string }>;
}

export interface TiktokProduct {
  id: string;
  title: string;
  status: string;
  skus: TiktokSku[];
}

export interface SearchData {
  total_count: number;
  next_page_token: string;
  products: TiktokProduct[];
}

export interface WarehousesData {
  warehouses: Array<{ id: string; type: string; is_default: boolean; effect_status?: string }>;
}

export interface OrdersData {
  orders: Array<{
    id: string;
    status: string;
    create_time: number;
    update_time: number;
    line_items: Array<{
      product_id: string;
      sku_id: string;
      seller_sku: string;
      sale_price?: string;
      currency?: string;
    }>;
  }>;
}
