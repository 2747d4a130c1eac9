import { generateCatalogue, seededRandom, type CatalogueOptions, type Random } from '../core';
import type { PlanName } from './config';

/**
 * In-memory Shopify store state. Everything is indexed by numeric id (Maps) and kept in id order
 * (arrays) so lookups are O(1) and ID-sorted pages are a binary search away.
 */

export const STORED_QUANTITY_NAMES = [
  'available',
  'committed',
  'incoming',
  'reserved',
  'damaged',
  'safety_stock',
  'quality_control',
] as const;
export type StoredQuantityName = (typeof STORED_QUANTITY_NAMES)[number];
/** Every name `quantities(names:)` answers; `on_hand` and `unavailable` are derived. */
export const QUANTITY_NAMES = [...STORED_QUANTITY_NAMES, 'on_hand', 'unavailable'] as const;
export type QuantityName = (typeof QUANTITY_NAMES)[number];

export interface Location {
  id: number;
  name: string;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface Product {
  id: number;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  vendor: string;
  productType: string;
  descriptionHtml: string;
  tags: string[];
  options: Array<{ name: string; values: string[] }>;
  variantIds: number[];
  createdAt: number;
  updatedAt: number;
}

export interface Variant {
  id: number;
  productId: number;
  title: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  position: number;
  optionValues: string[];
  inventoryItemId: number;
  createdAt: number;
  updatedAt: number;
}

export interface InventoryLevel {
  itemId: number;
  locationId: number;
  quantities: Record<StoredQuantityName, number>;
  createdAt: number;
  updatedAt: number;
}

export interface InventoryItem {
  id: number;
  variantId: number;
  /** '' when the variant has no SKU. */
  sku: string;
  tracked: boolean;
  requiresShipping: boolean;
  /** By location id. */
  levels: Map<number, InventoryLevel>;
  createdAt: number;
  updatedAt: number;
}

export interface Order {
  id: number;
  name: string;
  number: number;
  createdAt: number;
  locationId: number;
  lineItems: Array<{ id: number; variantId: number; quantity: number; price: string }>;
  customer: { id: number; email: string; phone: string | null } | null;
}

export interface WebhookSubscription {
  id: number;
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  apiVersion: string;
  includeFields: string[];
  name: string | null;
  filter: string | null;
  createdAt: number;
  updatedAt: number;
}

export type BulkStatus =
  'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELING' | 'CANCELED' | 'EXPIRED';

export interface BulkOperation {
  id: number;
  type: 'QUERY' | 'MUTATION';
  status: BulkStatus;
  query: string;
  apiVersion: string;
  /** Scopes of the token that started it (the query runs with them). */
  scopes: string[];
  createdAt: number;
  completedAt: number | null;
  errorCode: string | null;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  /** JSONL result, served at /bulk/{shop}/{id}.jsonl until it expires. */
  result: string | null;
  expiresAt: number | null;
}

export type AppSubscriptionStatus =
  'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED' | 'ACCEPTED';

export interface AppSubscription {
  id: number;
  name: string;
  status: AppSubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  replacementBehavior: string;
  createdAt: number;
  currentPeriodEnd: number | null;
  lineItems: Array<{
    id: number;
    amount: string;
    currencyCode: string;
    interval: string;
    kind: 'recurring' | 'usage';
    terms: string | null;
  }>;
}

export interface IdempotencyRecord {
  fingerprint: string;
  payload: unknown;
  at: number;
}

export interface InventoryChangeRecord {
  name: string;
  delta: number;
  quantityAfterChange: number | null;
  itemId: number;
  locationId: number;
  ledgerDocumentUri: string | null;
}

export interface AdjustmentGroup {
  id: number;
  createdAt: number;
  reason: string;
  referenceDocumentUri: string | null;
  changes: InventoryChangeRecord[];
}

/** Global id sequences; real Shopify ids are unique across shops and large. */
export class IdSequence {
  private next = new Map<string, number>();
  private static readonly BASES: Record<string, number> = {
    Shop: 60_000_000,
    Location: 70_000_000_000,
    Product: 8_000_000_000_000,
    ProductVariant: 45_000_000_000_000,
    InventoryItem: 47_000_000_000_000,
    Order: 5_500_000_000_000,
    LineItem: 14_000_000_000_000,
    WebhookSubscription: 1_300_000_000_000,
    BulkOperation: 3_000_000_000_000,
    AppSubscription: 29_000_000_000,
    AppSubscriptionLineItem: 29_500_000_000,
    InventoryAdjustmentGroup: 2_600_000_000_000,
    Customer: 7_000_000_000_000,
    Event: 9_100_000_000_000,
  };

  take(kind: string): number {
    const id = this.next.get(kind) ?? IdSequence.BASES[kind] ?? 1_000;
    this.next.set(kind, id + 1);
    return id + 1;
  }
}

export class ShopState {
  readonly id: number;
  readonly domain: string;
  name: string;
  plan: PlanName;
  email: string;
  currencyCode = 'USD';
  createdAt: number;
  locations = new Map<number, Location>();
  products = new Map<number, Product>();
  /** Products in id order (ids only grow, so appending keeps the order). */
  productList: Product[] = [];
  variants = new Map<number, Variant>();
  variantList: Variant[] = [];
  items = new Map<number, InventoryItem>();
  itemList: InventoryItem[] = [];
  /** SKU -> variant ids (SKUs need not be unique in Shopify). */
  skuIndex = new Map<string, Set<number>>();
  orders: Order[] = [];
  orderNumber = 1000;
  webhookSubscriptions = new Map<number, WebhookSubscription>();
  bulkOperations = new Map<number, BulkOperation>();
  appSubscriptions = new Map<number, AppSubscription>();
  adjustmentGroups = new Map<number, AdjustmentGroup>();
  idempotency = new Map<string, IdempotencyRecord>();
  installed = false;
  grantedScopes: string[] = [];
  /** Leaky bucket: points available at `bucketAt`. */
  bucketAvailable: number | null = null;
  bucketAt = 0;

  constructor(
    domain: string,
    id: number,
    plan: PlanName,
    now: number,
    private readonly ids: IdSequence,
  ) {
    this.domain = domain;
    this.id = id;
    this.plan = plan;
    this.name = domain.replace(/\.myshopify\.com$/, '');
    this.email = `owner@${this.name}.example.com`;
    this.createdAt = now;
  }

  get locationList(): Location[] {
    return [...this.locations.values()];
  }

  primaryLocation(): Location {
    const first = this.locations.values().next().value;
    if (!first) throw new Error(`shop ${this.domain} has no location`);
    return first;
  }

  addLocation(name: string, now: number): Location {
    const location: Location = {
      id: this.ids.take('Location'),
      name,
      isActive: true,
      fulfillsOnlineOrders: true,
      createdAt: now,
      updatedAt: now,
    };
    this.locations.set(location.id, location);
    return location;
  }

  addProduct(
    input: {
      title: string;
      vendor: string;
      productType: string;
      descriptionHtml: string;
      options: string[];
      variants: Array<{
        title: string;
        sku: string;
        price: string;
        optionValues: string[];
        quantities: Array<{ locationId: number; available: number }>;
      }>;
    },
    now: number,
  ): Product {
    const id = this.ids.take('Product');
    const product: Product = {
      id,
      title: input.title,
      handle: `${slug(input.title)}-${id % 100_000}`,
      status: 'ACTIVE',
      vendor: input.vendor,
      productType: input.productType,
      descriptionHtml: `<p>${input.descriptionHtml}</p>`,
      tags: [],
      options: input.options.length
        ? input.options.map((name, index) => ({
            name,
            values: [...new Set(input.variants.map((v) => v.optionValues[index] ?? ''))],
          }))
        : [{ name: 'Title', values: ['Default Title'] }],
      variantIds: [],
      createdAt: now,
      updatedAt: now,
    };
    this.products.set(id, product);
    this.productList.push(product);
    input.variants.forEach((seed, index) => {
      const variantId = this.ids.take('ProductVariant');
      const itemId = this.ids.take('InventoryItem');
      const variant: Variant = {
        id: variantId,
        productId: id,
        title: seed.title,
        price: seed.price,
        compareAtPrice: null,
        barcode: null,
        position: index + 1,
        optionValues: seed.optionValues.length ? seed.optionValues : ['Default Title'],
        inventoryItemId: itemId,
        createdAt: now,
        updatedAt: now,
      };
      const item: InventoryItem = {
        id: itemId,
        variantId,
        sku: seed.sku,
        tracked: true,
        requiresShipping: true,
        levels: new Map(),
        createdAt: now,
        updatedAt: now,
      };
      for (const q of seed.quantities) {
        item.levels.set(q.locationId, {
          itemId,
          locationId: q.locationId,
          quantities: { ...emptyQuantities(), available: q.available },
          createdAt: now,
          updatedAt: now,
        });
      }
      this.variants.set(variantId, variant);
      this.variantList.push(variant);
      this.items.set(itemId, item);
      this.itemList.push(item);
      this.indexSku(variantId, '', seed.sku);
      product.variantIds.push(variantId);
    });
    return product;
  }

  indexSku(variantId: number, before: string, after: string): void {
    if (before) {
      const set = this.skuIndex.get(before);
      set?.delete(variantId);
      if (set && set.size === 0) this.skuIndex.delete(before);
    }
    if (after) {
      let set = this.skuIndex.get(after);
      if (!set) this.skuIndex.set(after, (set = new Set()));
      set.add(variantId);
    }
  }

  variantsBySku(sku: string): Variant[] {
    return [...(this.skuIndex.get(sku) ?? [])].flatMap((id) => this.variants.get(id) ?? []);
  }

  nextOrderNumber(): number {
    this.orderNumber += 1;
    return this.orderNumber;
  }
}

export function emptyQuantities(): Record<StoredQuantityName, number> {
  return {
    available: 0,
    committed: 0,
    incoming: 0,
    reserved: 0,
    damaged: 0,
    safety_stock: 0,
    quality_control: 0,
  };
}

/** Any quantity name, derived ones included: on_hand = available + committed + unavailable. */
export function quantityOf(level: InventoryLevel, name: string): number | null {
  const q = level.quantities;
  switch (name) {
    case 'unavailable':
      return q.reserved + q.damaged + q.safety_stock + q.quality_control;
    case 'on_hand':
      return (
        q.available + q.committed + q.reserved + q.damaged + q.safety_stock + q.quality_control
      );
    default:
      return name in q ? q[name as StoredQuantityName] : null;
  }
}

/** Changes `name` by `delta`; on_hand changes move `available` (what Shopify does for on_hand sets). */
export function applyDelta(level: InventoryLevel, name: string, delta: number, now: number): void {
  const target: StoredQuantityName =
    name === 'on_hand' ? 'available' : (name as StoredQuantityName);
  level.quantities[target] += delta;
  level.updatedAt = now;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface SeedOptions extends Omit<CatalogueOptions, 'products'> {
  products: number;
  /** Number of locations (1 or 2 typical); default 1. Existing locations are reused. */
  locations?: number;
  /** Share (0..1) of variants also stocked at the second location; default 0.5. */
  secondLocationRate?: number;
}

/** Fills a shop from core generateCatalogue (deterministic for a seed). */
export function seedShop(shop: ShopState, options: SeedOptions, now: number): void {
  const catalogue = generateCatalogue(options);
  const wanted = Math.max(1, options.locations ?? 1);
  const names = ['Main warehouse', 'Retail store', 'Overflow', 'Pop-up'];
  while (shop.locations.size < wanted) {
    shop.addLocation(names[shop.locations.size] ?? `Location ${shop.locations.size + 1}`, now);
  }
  const locations = shop.locationList.slice(0, wanted);
  const random: Random = seededRandom((options.seed ?? 42) ^ 0x5f3759df);
  const secondRate = options.secondLocationRate ?? 0.5;
  // Spread creation/update times over the past minute-by-minute so updated_at filters mean something.
  catalogue.forEach((product, index) => {
    const at = now - (catalogue.length - index) * 60_000;
    shop.addProduct(
      {
        title: product.title,
        vendor: product.vendor,
        productType: product.productType,
        descriptionHtml: product.description,
        options: product.options,
        variants: product.variants.map((variant) => {
          const quantities = [{ locationId: locations[0]!.id, available: variant.quantity }];
          const second = locations[1];
          if (second && random() < secondRate) {
            quantities.push({ locationId: second.id, available: Math.floor(random() * 20) });
          }
          return {
            title: variant.title,
            sku: variant.sku,
            price: variant.price,
            optionValues: variant.optionValues,
            quantities,
          };
        }),
      },
      at,
    );
  });
}
