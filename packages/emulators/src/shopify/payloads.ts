import type { InventoryItem, InventoryLevel, Location, Order, Product, ShopState } from './state';
import { quantityOf } from './state';

/** REST-style (snake_case) webhook payloads, docs/channels §1.7 (field names standard, reconstructed). */

export const gid = (type: string, id: number | string): string => `gid://shopify/${type}/${id}`;

/** Shopify DateTime: ISO 8601 in UTC without milliseconds. */
export const iso = (ms: number): string => {
  const text = new Date(ms).toISOString();
  return `${text.slice(0, 19)}Z`;
};

export function inventoryLevelGid(level: { itemId: number; locationId: number }): string {
  return `gid://shopify/InventoryLevel/${level.locationId}?inventory_item_id=${level.itemId}`;
}

export function inventoryLevelPayload(level: InventoryLevel) {
  return {
    inventory_item_id: level.itemId,
    location_id: level.locationId,
    available: quantityOf(level, 'available'),
    updated_at: iso(level.updatedAt),
    admin_graphql_api_id: inventoryLevelGid(level),
  };
}

export function inventoryItemPayload(item: InventoryItem) {
  return {
    id: item.id,
    sku: item.sku,
    created_at: iso(item.createdAt),
    updated_at: iso(item.updatedAt),
    requires_shipping: item.requiresShipping,
    cost: null,
    country_code_of_origin: null,
    province_code_of_origin: null,
    harmonized_system_code: null,
    tracked: item.tracked,
    country_harmonized_system_codes: [],
    admin_graphql_api_id: gid('InventoryItem', item.id),
  };
}

export function productPayload(shop: ShopState, product: Product) {
  return {
    admin_graphql_api_id: gid('Product', product.id),
    body_html: product.descriptionHtml,
    created_at: iso(product.createdAt),
    handle: product.handle,
    id: product.id,
    product_type: product.productType,
    published_at: iso(product.createdAt),
    template_suffix: null,
    title: product.title,
    updated_at: iso(product.updatedAt),
    vendor: product.vendor,
    status: product.status.toLowerCase(),
    published_scope: 'global',
    tags: product.tags.join(', '),
    variants: product.variantIds.flatMap((variantId) => {
      const variant = shop.variants.get(variantId);
      const item = variant && shop.items.get(variant.inventoryItemId);
      if (!variant || !item) return [];
      let quantity = 0;
      for (const level of item.levels.values()) quantity += level.quantities.available;
      return [
        {
          admin_graphql_api_id: gid('ProductVariant', variant.id),
          barcode: variant.barcode,
          compare_at_price: variant.compareAtPrice,
          created_at: iso(variant.createdAt),
          id: variant.id,
          inventory_policy: 'deny',
          position: variant.position,
          price: variant.price,
          product_id: product.id,
          sku: item.sku,
          taxable: true,
          title: variant.title,
          updated_at: iso(variant.updatedAt),
          option1: variant.optionValues[0] ?? null,
          option2: variant.optionValues[1] ?? null,
          option3: variant.optionValues[2] ?? null,
          image_id: null,
          inventory_item_id: item.id,
          inventory_quantity: quantity,
          old_inventory_quantity: quantity,
        },
      ];
    }),
    options: product.options.map((option, index) => ({
      name: option.name,
      id: product.id * 10 + index,
      product_id: product.id,
      position: index + 1,
      values: option.values,
    })),
    images: [],
    image: null,
    media: [],
    variant_gids: product.variantIds.map((id) => ({
      admin_graphql_api_id: gid('ProductVariant', id),
      updated_at: iso(product.updatedAt),
    })),
  };
}

export function orderPayload(shop: ShopState, order: Order, location: Location) {
  let total = 0;
  const lineItems = order.lineItems.map((line) => {
    const variant = shop.variants.get(line.variantId);
    const product = variant && shop.products.get(variant.productId);
    const item = variant && shop.items.get(variant.inventoryItemId);
    total += Number(line.price) * line.quantity;
    return {
      id: line.id,
      admin_graphql_api_id: gid('LineItem', line.id),
      variant_id: line.variantId,
      product_id: variant?.productId ?? null,
      sku: item?.sku ?? '',
      title: product?.title ?? '',
      variant_title: variant?.title ?? null,
      name: product && variant ? `${product.title} - ${variant.title}` : '',
      quantity: line.quantity,
      current_quantity: line.quantity,
      fulfillable_quantity: line.quantity,
      fulfillment_status: null,
      fulfillment_service: 'manual',
      price: line.price,
      requires_shipping: true,
      taxable: true,
      gift_card: false,
      vendor: product?.vendor ?? null,
      product_exists: Boolean(product),
      grams: 0,
    };
  });
  const price = total.toFixed(2);
  return {
    id: order.id,
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    order_number: order.number,
    number: order.number - 1000,
    created_at: iso(order.createdAt),
    updated_at: iso(order.createdAt),
    processed_at: iso(order.createdAt),
    currency: shop.currencyCode,
    presentment_currency: shop.currencyCode,
    financial_status: 'paid',
    fulfillment_status: null,
    confirmed: true,
    test: false,
    total_price: price,
    subtotal_price: price,
    current_total_price: price,
    total_tax: '0.00',
    total_discounts: '0.00',
    email: order.customer?.email ?? '',
    contact_email: order.customer?.email ?? null,
    customer: order.customer
      ? {
          id: order.customer.id,
          email: order.customer.email,
          phone: order.customer.phone,
          admin_graphql_api_id: gid('Customer', order.customer.id),
        }
      : null,
    location_id: location.id,
    source_name: 'web',
    line_items: lineItems,
    fulfillments: [],
    refunds: [],
    shipping_lines: [],
    tags: '',
  };
}

export function shopPayload(shop: ShopState) {
  return {
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    plan_name:
      shop.plan === 'standard' ? 'basic' : shop.plan === 'plus' ? 'shopify_plus' : shop.plan,
    plan_display_name: planDisplayName(shop),
    currency: shop.currencyCode,
    country_code: 'US',
    iana_timezone: 'America/New_York',
    created_at: iso(shop.createdAt),
    updated_at: iso(shop.createdAt),
  };
}

export function planDisplayName(shop: ShopState): string {
  switch (shop.plan) {
    case 'advanced':
      return 'Advanced';
    case 'plus':
      return 'Shopify Plus';
    case 'enterprise':
      return 'Commerce Components';
    default:
      return 'Basic';
  }
}
