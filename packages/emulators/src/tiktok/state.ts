import { generateCatalogue, type CatalogueOptions } from '../core';
import type { Clock } from '../core/clock';
import type { TiktokSettings } from './settings';
import type { Order, OrderLineItem, Product, Sku } from './types';

export class ControlError extends Error {}

export interface SkuRef {
  product: Product;
  sku: Sku;
}

/** Identifies a SKU by TikTok id or by the seller's SKU code. */
export type SkuSelector = { skuId: string } | { sellerSku: string };

/** The shop's products, SKUs and orders, indexed for O(1) lookups. */
export class TiktokStore {
  readonly products = new Map<string, Product>();
  /** Product ids in creation order (what search pages over). */
  readonly productOrder: string[] = [];
  readonly skus = new Map<string, SkuRef>();
  readonly bySellerSku = new Map<string, SkuRef>();
  readonly orders: Order[] = [];
  readonly ordersById = new Map<string, Order>();
  /** event_type → address set through PUT /event/202309/webhooks. */
  readonly webhookAddresses = new Map<
    string,
    { address: string; create_time: number; update_time: number }
  >();
  private readonly seededKeys = new Set<string>();
  private nextProduct = 1;
  private nextSku = 1;
  private nextOrder = 1;

  constructor(
    private readonly settings: TiktokSettings,
    private readonly clock: Clock,
  ) {}

  /** A SKU's seller_sku changed (Partial Edit Product): the lookup by seller SKU follows it. */
  setSellerSku(ref: SkuRef, sellerSku: string): void {
    if (ref.sku.seller_sku && this.bySellerSku.get(ref.sku.seller_sku) === ref)
      this.bySellerSku.delete(ref.sku.seller_sku);
    ref.sku.seller_sku = sellerSku;
    if (sellerSku) this.bySellerSku.set(sellerSku, ref);
    ref.product.update_time = this.clock.nowSeconds();
  }

  clear(): void {
    this.products.clear();
    this.productOrder.length = 0;
    this.skus.clear();
    this.bySellerSku.clear();
    this.orders.length = 0;
    this.ordersById.clear();
    this.webhookAddresses.clear();
    this.seededKeys.clear();
    this.nextProduct = 1;
    this.nextSku = 1;
    this.nextOrder = 1;
  }

  get defaultWarehouseId(): string {
    const w =
      this.settings.warehouses.find((x) => x.is_default && x.type === 'SALES_WAREHOUSE') ??
      this.settings.warehouses[0];
    return w?.id ?? '';
  }

  isSalesWarehouse(id: string): boolean {
    return this.settings.warehouses.some((w) => w.id === id && w.type === 'SALES_WAREHOUSE');
  }

  resolve(selector: SkuSelector): SkuRef {
    const ref =
      'skuId' in selector
        ? this.skus.get(selector.skuId)
        : this.bySellerSku.get(selector.sellerSku);
    if (!ref)
      throw new ControlError(
        `SKU ${'skuId' in selector ? selector.skuId : selector.sellerSku} not found`,
      );
    return ref;
  }

  total(sku: Sku): number {
    let n = 0;
    for (const entry of sku.inventory) n += entry.quantity;
    return n;
  }

  /** Sets the absolute quantity of one SKU in one warehouse. */
  setInventory(ref: SkuRef, warehouseId: string, quantity: number): void {
    const entry = ref.sku.inventory.find((i) => i.warehouse_id === warehouseId);
    if (entry) entry.quantity = quantity;
    else ref.sku.inventory.push({ warehouse_id: warehouseId, quantity });
    ref.product.update_time = this.clock.nowSeconds();
  }

  addProduct(
    input: Omit<Product, 'id' | 'skus' | 'create_time' | 'update_time'> & {
      skus: Array<Omit<Sku, 'id'>>;
    },
  ): Product {
    const now = this.clock.nowSeconds();
    const id = `17295929${String(this.nextProduct++).padStart(11, '0')}`;
    const product: Product = {
      ...input,
      id,
      create_time: now,
      update_time: now,
      skus: input.skus.map((s) => ({
        ...s,
        id: `17295930${String(this.nextSku++).padStart(11, '0')}`,
      })),
    };
    this.products.set(id, product);
    this.productOrder.push(id);
    for (const sku of product.skus) {
      const ref = { product, sku };
      this.skus.set(sku.id, ref);
      if (sku.seller_sku) this.bySellerSku.set(sku.seller_sku, ref);
    }
    return product;
  }

  /** A buyer order: quantity leaves the warehouses (default first), one line item per unit. */
  sale(selector: SkuSelector, quantity = 1): Order {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new ControlError('quantity must be a positive integer');
    const ref = this.resolve(selector);
    if (ref.product.status !== 'ACTIVATE')
      throw new ControlError(`product ${ref.product.id} is not live (${ref.product.status})`);
    const available = this.total(ref.sku);
    if (available < quantity)
      throw new ControlError(
        `SKU ${ref.sku.id} has ${available} available, cannot sell ${quantity}`,
      );
    let left = quantity;
    const ordered = [...ref.sku.inventory].sort(
      (a, b) =>
        Number(b.warehouse_id === this.defaultWarehouseId) -
        Number(a.warehouse_id === this.defaultWarehouseId),
    );
    for (const entry of ordered) {
      const take = Math.min(entry.quantity, left);
      entry.quantity -= take;
      left -= take;
      if (left === 0) break;
    }
    const now = this.clock.nowSeconds();
    ref.product.update_time = now;
    const n = this.nextOrder++;
    const orderId = `5764623454373${String(n).padStart(6, '0')}`;
    const lines: OrderLineItem[] = Array.from({ length: quantity }, (_, i) => ({
      id: `${orderId.slice(0, 13)}${String(n * 100 + i).padStart(6, '0')}`,
      product_id: ref.product.id,
      product_name: ref.product.title,
      sku_id: ref.sku.id,
      seller_sku: ref.sku.seller_sku,
      sku_name: ref.sku.sales_attributes.map((a) => a.value_name).join(', ') || 'Default',
      sale_price: ref.sku.price.sale_price,
      original_price: ref.sku.price.sale_price,
      currency: ref.sku.price.currency,
      display_status: 'AWAITING_SHIPMENT',
    }));
    const total = (Number(ref.sku.price.sale_price) * quantity).toFixed(2);
    const order: Order = {
      id: orderId,
      status: 'AWAITING_SHIPMENT',
      create_time: now,
      update_time: now,
      paid_time: now,
      buyer_email: `buyer${n}@scs.tiktokw.example`,
      payment: { currency: ref.sku.price.currency, sub_total: total, total_amount: total },
      line_items: lines,
    };
    this.orders.push(order);
    this.ordersById.set(orderId, order);
    return order;
  }

  /** seller_sku (or `id:{skuId}` when empty) → total quantity across warehouses. */
  quantities(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const ref of this.skus.values())
      out[ref.sku.seller_sku || `id:${ref.sku.id}`] = this.total(ref.sku);
    return out;
  }

  seed(options: CatalogueOptions): { products: number; skus: number } {
    const catalogue = generateCatalogue(options);
    const { currency, taxRate, shop } = this.settings;
    const warehouse = this.defaultWarehouseId;
    let skus = 0;
    let products = 0;
    for (const p of catalogue) {
      // Re-seeding does not duplicate products: same prefix + same index = same product and SKUs.
      const seedKey = `${options.skuPrefix ?? 'SS'}|${p.key}`;
      if (this.seededKeys.has(seedKey)) continue;
      this.seededKeys.add(seedKey);
      this.addProduct({
        title: p.title,
        description: `<p>${p.description}</p>`,
        status: 'ACTIVATE',
        sales_regions: [shop.region],
        brand: { id: '7082427311584347905', name: p.vendor },
        category_chains: [
          { id: '601226', parent_id: '0', local_name: p.productType, is_leaf: true },
        ],
        main_images: [
          {
            uri: `tos-maliva-i-o3syd03w52-us/${p.key}`,
            urls: [`https://p16-oec-va.example/${p.key}.jpg`],
            width: 800,
            height: 800,
          },
        ],
        audit: { status: 'APPROVED' },
        is_cod_allowed: false,
        skus: p.variants.map((v) => ({
          seller_sku: v.sku,
          external_sku_id: '',
          price: {
            currency,
            sale_price: v.price,
            tax_exclusive_price: (Number(v.price) / (1 + taxRate)).toFixed(2),
          },
          inventory: [{ warehouse_id: warehouse, quantity: v.quantity }],
          sales_attributes: p.options.map((name, i) => ({
            id: String(100000 + i),
            name,
            value_id: String(200000 + (v.optionValues[i] ?? '').length * 7 + i),
            value_name: v.optionValues[i] ?? '',
          })),
        })),
      });
      skus += p.variants.length;
      products++;
    }
    return { products, skus };
  }
}
