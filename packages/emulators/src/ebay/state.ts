import { generateCatalogue, type CatalogueOptions } from '../core';
import type { Clock } from '../core/clock';
import type { EbaySettings } from './settings';
import type {
  InventoryItem,
  InventoryItemGroup,
  InventoryItemWithSkuLocaleGroupid,
  LineItem,
  Offer,
  Order,
} from './types';

/** One stored inventory item: the body last PUT plus what eBay derives (sku, locale, groups). */
export interface StoredItem {
  sku: string;
  locale: string;
  item: InventoryItem;
  groupKeys: Set<string>;
}

export interface SaleInput {
  sku: string;
  quantity?: number;
  buyerUsername?: string;
  /** Creation time (epoch ms); default the emulator clock. */
  at?: number;
}

/** A thrown control error: bad input to a control method (HTTP 400 on the control route). */
export class ControlError extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The seller's data, indexed for O(1) lookups: items by SKU, offers by id and by SKU, groups by
 * key, orders by id. Item order is insertion order (what getInventoryItems pages over).
 */
export class EbayStore {
  readonly items = new Map<string, StoredItem>();
  private skuOrder: string[] = [];
  private skuOrderDirty = false;
  readonly offers = new Map<string, Offer>();
  readonly offersBySku = new Map<string, Set<string>>();
  readonly groups = new Map<string, InventoryItemGroup>();
  /** Orders, oldest first. */
  readonly orders: Order[] = [];
  readonly ordersById = new Map<string, Order>();
  private nextOfferId = 5_000_000_000;
  private nextListingId = 110_000_000_000;
  private nextOrderNumber = 1;
  private nextLineItemId = 10_000_000_000;

  constructor(
    private readonly settings: EbaySettings,
    private readonly clock: Clock,
  ) {}

  clear(): void {
    this.items.clear();
    this.skuOrder = [];
    this.skuOrderDirty = false;
    this.offers.clear();
    this.offersBySku.clear();
    this.groups.clear();
    this.orders.length = 0;
    this.ordersById.clear();
    this.nextOfferId = 5_000_000_000;
    this.nextListingId = 110_000_000_000;
    this.nextOrderNumber = 1;
    this.nextLineItemId = 10_000_000_000;
  }

  // ---- inventory items ----

  putItem(sku: string, locale: string, item: InventoryItem): 'created' | 'replaced' {
    const existing = this.items.get(sku);
    if (existing) {
      existing.item = item;
      existing.locale = locale;
      return 'replaced';
    }
    this.items.set(sku, { sku, locale, item, groupKeys: new Set() });
    this.skuOrder.push(sku);
    return 'created';
  }

  deleteItem(sku: string): boolean {
    const stored = this.items.get(sku);
    if (!stored) return false;
    this.items.delete(sku);
    this.skuOrderDirty = true;
    for (const offerId of this.offersBySku.get(sku) ?? []) this.offers.delete(offerId);
    this.offersBySku.delete(sku);
    for (const key of stored.groupKeys) {
      const group = this.groups.get(key);
      if (group?.variantSKUs) group.variantSKUs = group.variantSKUs.filter((s) => s !== sku);
    }
    return true;
  }

  /** SKUs in insertion order (rebuilt lazily after deletions). */
  skus(): string[] {
    if (this.skuOrderDirty) {
      this.skuOrder = this.skuOrder.filter((sku) => this.items.has(sku));
      this.skuOrderDirty = false;
    }
    return this.skuOrder;
  }

  /** The item as getInventoryItem answers it. */
  view(stored: StoredItem): InventoryItemWithSkuLocaleGroupid {
    const { availability, ...rest } = stored.item;
    const ship = availability?.shipToLocationAvailability;
    const view: InventoryItemWithSkuLocaleGroupid = {
      sku: stored.sku,
      locale: stored.locale,
      ...rest,
    };
    if (availability) {
      view.availability = {
        ...availability,
        shipToLocationAvailability: ship
          ? {
              ...ship,
              quantity: ship.quantity ?? 0,
              allocationByFormat: this.allocation(stored.sku, ship.quantity ?? 0),
            }
          : undefined,
      };
    }
    if (stored.groupKeys.size > 0) {
      view.groupIds = [...stored.groupKeys];
      view.inventoryItemGroupKeys = [...stored.groupKeys];
    }
    return view;
  }

  private allocation(sku: string, quantity: number): { auction: number; fixedPrice: number } {
    let auction = 0;
    let fixedPrice = 0;
    for (const offer of this.offersOf(sku)) {
      if (offer.status !== 'PUBLISHED') continue;
      if (offer.format === 'AUCTION') auction += 1;
      else fixedPrice = Math.min(quantity, offer.availableQuantity ?? quantity);
    }
    return { auction, fixedPrice };
  }

  quantityOf(sku: string): number | undefined {
    const stored = this.items.get(sku);
    if (!stored) return undefined;
    return stored.item.availability?.shipToLocationAvailability?.quantity ?? 0;
  }

  setItemQuantity(sku: string, quantity: number): void {
    const stored = this.items.get(sku);
    if (!stored) throw new ControlError(`SKU ${sku} is not available in the system`);
    const availability = (stored.item.availability ??= {});
    const ship = (availability.shipToLocationAvailability ??= {});
    ship.quantity = quantity;
    if (ship.availabilityDistributions?.length === 1 && ship.availabilityDistributions[0]) {
      ship.availabilityDistributions[0].quantity = quantity;
    }
  }

  // ---- offers ----

  offersOf(sku: string): Offer[] {
    const ids = this.offersBySku.get(sku);
    if (!ids) return [];
    const list: Offer[] = [];
    for (const id of ids) {
      const offer = this.offers.get(id);
      if (offer) list.push(offer);
    }
    return list;
  }

  addOffer(offer: Omit<Offer, 'offerId'>): Offer {
    const offerId = String(this.nextOfferId++);
    const stored: Offer = { offerId, ...offer };
    this.offers.set(offerId, stored);
    const sku = offer.sku ?? '';
    let set = this.offersBySku.get(sku);
    if (!set) this.offersBySku.set(sku, (set = new Set()));
    set.add(offerId);
    return stored;
  }

  deleteOffer(offerId: string): boolean {
    const offer = this.offers.get(offerId);
    if (!offer) return false;
    this.offers.delete(offerId);
    this.offersBySku.get(offer.sku ?? '')?.delete(offerId);
    return true;
  }

  newListingId(): string {
    return String(this.nextListingId++);
  }

  publish(offer: Offer, listingId: string): void {
    offer.status = 'PUBLISHED';
    offer.listing = {
      listingId,
      listingStatus: 'ACTIVE',
      listingOnHold: false,
      soldQuantity: offer.listing?.soldQuantity ?? 0,
    };
  }

  // ---- item groups ----

  putGroup(key: string, group: InventoryItemGroup): void {
    const previous = this.groups.get(key);
    for (const sku of previous?.variantSKUs ?? []) this.items.get(sku)?.groupKeys.delete(key);
    for (const sku of group.variantSKUs ?? []) this.items.get(sku)?.groupKeys.add(key);
    this.groups.set(key, { ...group, inventoryItemGroupKey: key });
  }

  deleteGroup(key: string): boolean {
    const group = this.groups.get(key);
    if (!group) return false;
    for (const sku of group.variantSKUs ?? []) this.items.get(sku)?.groupKeys.delete(key);
    this.groups.delete(key);
    return true;
  }

  // ---- orders and channel-side changes ----

  /** A buyer purchases `quantity` of a SKU's published offer: an order appears, stock drops. */
  sale(input: SaleInput): Order {
    const quantity = input.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new ControlError('quantity must be a positive integer');
    const stored = this.items.get(input.sku);
    if (!stored) throw new ControlError(`SKU ${input.sku} is not available in the system`);
    const offer = this.offersOf(input.sku).find(
      (o) => o.status === 'PUBLISHED' && o.listing?.listingStatus === 'ACTIVE',
    );
    if (!offer)
      throw new ControlError(
        `SKU ${input.sku} has no published offer (no live listing to buy from)`,
      );
    const itemQuantity = this.quantityOf(input.sku) ?? 0;
    const available = Math.min(itemQuantity, offer.availableQuantity ?? itemQuantity);
    if (available < quantity) {
      throw new ControlError(
        `SKU ${input.sku} has ${available} available, cannot sell ${quantity}`,
      );
    }
    this.setItemQuantity(input.sku, itemQuantity - quantity);
    if (offer.availableQuantity !== undefined) offer.availableQuantity -= quantity;
    if (offer.listing) offer.listing.soldQuantity = (offer.listing.soldQuantity ?? 0) + quantity;

    const at = input.at ?? this.clock.now();
    const n = this.nextOrderNumber++;
    const orderId = `${String(10 + (n % 90)).padStart(2, '0')}-${String(10000 + (n % 90000)).padStart(5, '0')}-${String(n).padStart(5, '0')}`;
    const unit = offer.pricingSummary?.price ?? {
      value: '0.00',
      currency: this.settings.account.currency,
    };
    const cost = {
      value: (Number(unit.value ?? 0) * quantity).toFixed(2),
      currency: unit.currency,
    };
    const legacyItemId = offer.listing?.listingId ?? '';
    const transactionId = String(2_800_000_000 + n);
    const lineItem: LineItem = {
      lineItemId: String(this.nextLineItemId++),
      legacyItemId,
      sku: input.sku,
      title: stored.item.product?.title ?? input.sku,
      quantity,
      soldFormat: offer.format === 'AUCTION' ? 'AUCTION' : 'FIXED_PRICE',
      listingMarketplaceId: offer.marketplaceId ?? this.settings.account.marketplaceId,
      purchaseMarketplaceId: offer.marketplaceId ?? this.settings.account.marketplaceId,
      lineItemFulfillmentStatus: 'NOT_STARTED',
      lineItemCost: cost,
      total: cost,
      variationAspects: stored.groupKeys.size
        ? Object.entries(stored.item.product?.aspects ?? {}).map(([name, values]) => ({
            name,
            value: values[0] ?? '',
          }))
        : undefined,
    };
    if (stored.groupKeys.size)
      lineItem.legacyVariationId = String(400_000_000_000 + stored.sku.length * 1000 + n);
    const order: Order = {
      orderId,
      legacyOrderId: `${legacyItemId}-${transactionId}`,
      creationDate: iso(at),
      lastModifiedDate: iso(at),
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: this.settings.account.username,
      buyer: { username: input.buyerUsername ?? `buyer_${n}` },
      pricingSummary: { priceSubtotal: cost, total: cost },
      cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
      paymentSummary: {
        totalDueSeller: cost,
        payments: [{ paymentMethod: 'EBAY', paymentDate: iso(at), amount: cost }],
      },
      lineItems: [lineItem],
      salesRecordReference: String(n),
    };
    this.orders.push(order);
    this.ordersById.set(orderId, order);
    return order;
  }

  /** Moves an order along (e.g. to FULFILLED); lastModifiedDate becomes now. */
  updateOrder(orderId: string, status: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED'): Order {
    const order = this.ordersById.get(orderId);
    if (!order) throw new ControlError(`order ${orderId} not found`);
    order.orderFulfillmentStatus = status;
    for (const line of order.lineItems ?? [])
      line.lineItemFulfillmentStatus = status === 'IN_PROGRESS' ? 'NOT_STARTED' : status;
    order.lastModifiedDate = iso(this.clock.now());
    return order;
  }

  /** Quantity of every SKU (shipToLocationAvailability.quantity). */
  quantities(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const sku of this.skus()) out[sku] = this.quantityOf(sku) ?? 0;
    return out;
  }

  /** Adds a deterministic catalogue: items, published fixed-price offers, and a group per multi-variant product. */
  seed(options: CatalogueOptions): {
    products: number;
    items: number;
    offers: number;
    groups: number;
  } {
    const products = generateCatalogue(options);
    const { account } = this.settings;
    let items = 0;
    let offers = 0;
    let groups = 0;
    for (const product of products) {
      // The Inventory API has no SKU-less items: variants without a SKU are not listed on eBay.
      const variants = product.variants.filter((v) => v.sku !== '');
      if (variants.length === 0) continue;
      const grouped = product.options.length > 0 && variants.length > 1;
      const listingId = this.newListingId();
      for (const variant of variants) {
        const aspects: Record<string, string[]> = {
          Brand: [product.vendor],
          Type: [product.productType],
        };
        product.options.forEach((name, i) => {
          const value = variant.optionValues[i];
          if (value) aspects[name] = [value];
        });
        this.putItem(variant.sku, 'en_US', {
          condition: 'NEW',
          product: {
            title: grouped ? `${product.title} - ${variant.title}` : product.title,
            description: product.description,
            aspects,
            brand: product.vendor,
            imageUrls: [`https://i.ebayimg.example/images/${variant.key}.jpg`],
          },
          availability: {
            shipToLocationAvailability: {
              quantity: variant.quantity,
              availabilityDistributions: [
                { merchantLocationKey: account.merchantLocationKey, quantity: variant.quantity },
              ],
            },
          },
        });
        items++;
        // Re-seeding the same SKUs replaces their offer instead of adding a second one.
        const previous = this.offersOf(variant.sku).find(
          (o) => o.marketplaceId === account.marketplaceId && o.format === 'FIXED_PRICE',
        );
        if (previous?.offerId) this.deleteOffer(previous.offerId);
        const offer = this.addOffer({
          sku: variant.sku,
          marketplaceId: account.marketplaceId,
          format: 'FIXED_PRICE',
          availableQuantity: variant.quantity,
          categoryId: '15687',
          listingDescription: product.description,
          merchantLocationKey: account.merchantLocationKey,
          pricingSummary: { price: { value: variant.price, currency: account.currency } },
          listingDuration: 'GTC',
          status: 'UNPUBLISHED',
        });
        this.publish(offer, listingId);
        offers++;
      }
      if (grouped) {
        const key = `GRP-${product.key.toUpperCase()}-${options.skuPrefix ?? 'SS'}`;
        this.putGroup(key, {
          inventoryItemGroupKey: key,
          title: product.title,
          description: product.description,
          aspects: { Brand: [product.vendor] },
          imageUrls: [`https://i.ebayimg.example/images/${product.key}.jpg`],
          variantSKUs: variants.map((v) => v.sku),
          variesBy: {
            specifications: product.options.map((name, i) => ({
              name,
              values: [...new Set(variants.map((v) => v.optionValues[i] ?? ''))],
            })),
          },
        });
        groups++;
      }
    }
    return { products: products.length, items, offers, groups };
  }
}
