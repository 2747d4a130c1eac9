import { createHash, createHmac } from 'node:crypto';
import {
  getDirectiveValues,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
} from 'graphql';
import { paginate, type PageArgs } from './connection';
import {
  gid,
  inventoryItemPayload,
  inventoryLevelGid,
  iso,
  planDisplayName,
  productPayload,
} from './payloads';
import type { ApiVersion } from './schema';
import { versionAtLeast } from './schema';
import { compileSearch, type SearchFields } from './search';
import {
  quantityOf,
  QUANTITY_NAMES,
  type AdjustmentGroup,
  type AppSubscription,
  type BulkOperation,
  type InventoryChangeRecord,
  type InventoryItem,
  type InventoryLevel,
  type Location,
  type Product,
  type ShopState,
  type Variant,
  type WebhookSubscription,
} from './state';
import { stripGid, topicFromEnum, type ShopifyRuntime } from './runtime';
import { startBulkQuery, cancelBulkOperation } from './bulk';

export interface GraphqlContext {
  rt: ShopifyRuntime;
  shop: ShopState;
  version: ApiVersion;
  scopes: Set<string>;
  /** Bulk operation execution: connections return every node, no page-size rules. */
  bulk: boolean;
  /**
   * Bulk operations run in chunks of root nodes: the window of the root connection this pass
   * covers; `total` is set to the root connection's full length.
   */
  bulkWindow?: { from: number; size: number; total?: number };
}

// Resolver arguments are coerced by graphql-js against the official schema before they get here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Args = Record<string, any>;
type Resolver<S> = (
  source: S,
  args: Args,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
) => unknown;
type TypeResolvers<S> = Record<string, Resolver<S>>;

const NOT_EMULATED_DOC = 'packages/emulators/src/shopify/README.md';

export function notEmulatedError(typeName: string, fieldName: string): GraphQLError {
  return new GraphQLError(
    `Field '${fieldName}' on type '${typeName}' is not emulated by the stocksync Shopify emulator (see ${NOT_EMULATED_DOC}).`,
    { extensions: { code: 'NOT_EMULATED', typeName, fieldName } },
  );
}

const numericId = (value: unknown): number => Number(stripGid(String(value)));

const legacy = (id: number) => String(id);

// ---- search fields --------------------------------------------------------------------------

function productFields(shop: ShopState): SearchFields<Product> {
  return {
    id: { kind: 'number', get: (p) => p.id },
    title: { kind: 'text', get: (p) => p.title },
    handle: { kind: 'exact', get: (p) => p.handle },
    vendor: { kind: 'text', get: (p) => p.vendor },
    product_type: { kind: 'exact', get: (p) => p.productType },
    status: { kind: 'exact', get: (p) => p.status.toLowerCase() },
    tag: { kind: 'exact', get: (p) => p.tags },
    created_at: { kind: 'date', get: (p) => p.createdAt },
    updated_at: { kind: 'date', get: (p) => p.updatedAt },
    sku: {
      kind: 'exact',
      get: (p) =>
        p.variantIds.map((id) => {
          const variant = shop.variants.get(id);
          return (variant && shop.items.get(variant.inventoryItemId)?.sku) || null;
        }),
    },
  };
}

function variantFields(shop: ShopState): SearchFields<Variant> {
  return {
    id: { kind: 'number', get: (v) => v.id },
    sku: { kind: 'exact', get: (v) => shop.items.get(v.inventoryItemId)?.sku || null },
    title: { kind: 'text', get: (v) => v.title },
    barcode: { kind: 'exact', get: (v) => v.barcode },
    product_id: { kind: 'number', get: (v) => v.productId },
    inventory_item_id: { kind: 'number', get: (v) => v.inventoryItemId },
    created_at: { kind: 'date', get: (v) => v.createdAt },
    updated_at: { kind: 'date', get: (v) => v.updatedAt },
    inventory_quantity: { kind: 'number', get: (v) => totalAvailable(shop, v) },
  };
}

const itemFields: SearchFields<InventoryItem> = {
  id: { kind: 'number', get: (i) => i.id },
  sku: { kind: 'exact', get: (i) => i.sku || null },
  created_at: { kind: 'date', get: (i) => i.createdAt },
  updated_at: { kind: 'date', get: (i) => i.updatedAt },
};

/**
 * Location.inventoryLevels(query:) filters (docs/channels §1.3): times as Shopify keeps them, in
 * whole seconds, so `updated_at:>=` the newest time an answer showed finds that change again.
 */
const levelFields: SearchFields<InventoryLevel> = {
  id: { kind: 'number', get: (l) => l.itemId },
  inventory_item_id: { kind: 'number', get: (l) => l.itemId },
  created_at: { kind: 'date', get: (l) => Math.floor(l.createdAt / 1000) * 1000 },
  updated_at: { kind: 'date', get: (l) => Math.floor(l.updatedAt / 1000) * 1000 },
};

const locationFields: SearchFields<Location> = {
  id: { kind: 'number', get: (l) => l.id },
  name: { kind: 'text', get: (l) => l.name },
  active: { kind: 'boolean', get: (l) => l.isActive },
};

function totalAvailable(shop: ShopState, variant: Variant): number {
  const item = shop.items.get(variant.inventoryItemId);
  let sum = 0;
  if (item) for (const level of item.levels.values()) sum += level.quantities.available;
  return sum;
}

function filtered<T>(
  items: readonly T[],
  query: string | null | undefined,
  fields: SearchFields<T>,
  defaults: string[],
): readonly T[] {
  const predicate = compileSearch(query, fields, defaults);
  return predicate ? items.filter(predicate) : items;
}

function page<T extends { id: number }>(
  items: readonly T[],
  args: PageArgs,
  ctx: GraphqlContext,
  sort?: { sortedById: boolean; sortValue?: (item: T) => string | number },
) {
  return paginate(args, {
    items,
    idOf: (item) => item.id,
    sortValue: sort?.sortValue,
    sortedById: sort?.sortedById ?? true,
    unbounded: ctx.bulk,
    maxPageSize: ctx.rt.settings.maxPageSize,
  });
}

/** A root connection: in a chunked bulk run only the current window of nodes is resolved. */
function rootPage<T extends { id: number }>(
  items: readonly T[],
  args: PageArgs,
  ctx: GraphqlContext,
  sort?: { sortedById: boolean; sortValue?: (item: T) => string | number },
) {
  const window = ctx.bulk ? ctx.bulkWindow : undefined;
  if (!window) return page(items, args, ctx, sort);
  window.total = Math.max(window.total ?? 0, items.length);
  return page(items.slice(window.from, window.from + window.size), args, ctx, sort);
}

function sortProducts(items: readonly Product[], sortKey: string | undefined) {
  switch (sortKey ?? 'ID') {
    case 'ID':
    case 'RELEVANCE':
      return { items, sortedById: true };
    case 'TITLE':
      return sorted(items, (p) => p.title);
    case 'UPDATED_AT':
      return sorted(items, (p) => p.updatedAt);
    case 'CREATED_AT':
    case 'PUBLISHED_AT':
      return sorted(items, (p) => p.createdAt);
    case 'VENDOR':
      return sorted(items, (p) => p.vendor);
    case 'PRODUCT_TYPE':
      return sorted(items, (p) => p.productType);
    default:
      throw notEmulatedError('ProductSortKeys', String(sortKey));
  }
}

function sorted<T extends { id: number }>(items: readonly T[], key: (item: T) => string | number) {
  const copy = [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
  });
  return { items: copy, sortedById: false, sortValue: key };
}

// ---- scope checks ---------------------------------------------------------------------------

function requireScope(ctx: GraphqlContext, scope: string, field: string): void {
  const [mode, resource] = scope.split('_', 2) as [string, string];
  const ok = ctx.scopes.has(scope) || (mode === 'read' && ctx.scopes.has(`write_${resource}`));
  if (!ok) {
    throw new GraphQLError(
      `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
      {
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: `\`${scope}\` access scope.`,
        },
      },
    );
  }
}

// ---- object resolvers -----------------------------------------------------------------------

const shopResolvers: TypeResolvers<ShopState> = {
  id: (s) => gid('Shop', s.id),
  name: (s) => s.name,
  email: (s) => s.email,
  contactEmail: (s) => s.email,
  myshopifyDomain: (s) => s.domain,
  currencyCode: (s) => s.currencyCode,
  ianaTimezone: () => 'America/New_York',
  timezoneAbbreviation: () => 'EST',
  createdAt: (s) => iso(s.createdAt),
  updatedAt: (s) => iso(s.createdAt),
  url: (s, _a, ctx) => ctx.rt.shopUrl(s, ''),
  weightUnit: () => 'KILOGRAMS',
  unitSystem: () => 'METRIC_SYSTEM',
  taxesIncluded: () => false,
  enabledPresentmentCurrencies: (s) => [s.currencyCode],
  plan: (s) => ({
    displayName: planDisplayName(s),
    publicDisplayName: planDisplayName(s),
    partnerDevelopment: false,
    shopifyPlus: s.plan === 'plus' || s.plan === 'enterprise',
  }),
  primaryDomain: (s, _a, ctx) => ({
    id: gid('Domain', s.id),
    host: s.domain,
    url: ctx.rt.shopUrl(s, ''),
    sslEnabled: true,
    localization: null,
    marketWebPresence: null,
  }),
};

const locationResolvers: TypeResolvers<Location> = {
  id: (l) => gid('Location', l.id),
  legacyResourceId: (l) => legacy(l.id),
  name: (l) => l.name,
  isActive: (l) => l.isActive,
  isPrimary: (l, _a, ctx) => ctx.shop.primaryLocation().id === l.id,
  fulfillsOnlineOrders: (l) => l.fulfillsOnlineOrders,
  shipsInventory: () => true,
  hasActiveInventory: () => true,
  isFulfillmentService: () => false,
  fulfillmentService: () => null,
  activatable: (l) => !l.isActive,
  deactivatable: (l) => l.isActive,
  deletable: () => false,
  deactivatedAt: () => null,
  createdAt: (l) => iso(l.createdAt),
  updatedAt: (l) => iso(l.updatedAt),
  address: (l) => ({
    address1: `${l.id % 1000} Market Street`,
    address2: null,
    city: 'Springfield',
    country: 'United States',
    countryCode: 'US',
    province: 'Oregon',
    provinceCode: 'OR',
    zip: '97477',
    phone: null,
    latitude: null,
    longitude: null,
    formatted: [`${l.id % 1000} Market Street`, 'Springfield OR 97477', 'United States'],
  }),
  inventoryLevel: (l, args, ctx) =>
    ctx.shop.items.get(numericId(args.inventoryItemId))?.levels.get(l.id) ?? null,
  inventoryLevels: (l, args, ctx) => {
    const levels = filtered(
      ctx.shop.itemList.flatMap((item) => item.levels.get(l.id) ?? []),
      args.query,
      levelFields,
      [],
    );
    return paginate(args, {
      items: levels,
      idOf: (level) => level.itemId,
      sortedById: true,
      unbounded: ctx.bulk,
      maxPageSize: ctx.rt.settings.maxPageSize,
    });
  },
};

const productResolvers: TypeResolvers<Product> = {
  id: (p) => gid('Product', p.id),
  legacyResourceId: (p) => legacy(p.id),
  title: (p) => p.title,
  handle: (p) => p.handle,
  status: (p) => p.status,
  vendor: (p) => p.vendor,
  productType: (p) => p.productType,
  description: (p) => p.descriptionHtml.replace(/<[^>]+>/g, ''),
  descriptionHtml: (p) => p.descriptionHtml,
  bodyHtml: (p) => p.descriptionHtml,
  tags: (p) => p.tags,
  createdAt: (p) => iso(p.createdAt),
  updatedAt: (p) => iso(p.updatedAt),
  publishedAt: (p) => iso(p.createdAt),
  onlineStoreUrl: () => null,
  onlineStorePreviewUrl: () => null,
  featuredImage: () => null,
  featuredMedia: () => null,
  templateSuffix: () => null,
  isGiftCard: () => false,
  hasOnlyDefaultVariant: (p) => p.options.length === 1 && p.options[0]?.name === 'Title',
  tracksInventory: () => true,
  totalVariants: (p) => p.variantIds.length,
  variantsCount: (p) => ({ count: p.variantIds.length, precision: 'EXACT' }),
  totalInventory: (p, _a, ctx) =>
    p.variantIds.reduce((sum, id) => {
      const variant = ctx.shop.variants.get(id);
      return sum + (variant ? totalAvailable(ctx.shop, variant) : 0);
    }, 0),
  hasOutOfStockVariants: (p, _a, ctx) =>
    p.variantIds.some((id) => {
      const variant = ctx.shop.variants.get(id);
      return variant ? totalAvailable(ctx.shop, variant) <= 0 : false;
    }),
  options: (p, args) =>
    p.options.slice(0, typeof args.first === 'number' ? args.first : undefined).map((o, i) => ({
      id: gid('ProductOption', p.id * 10 + i),
      name: o.name,
      position: i + 1,
      values: o.values,
      linkedMetafield: null,
      translations: [],
      optionValues: o.values.map((value, j) => ({
        id: gid('ProductOptionValue', p.id * 100 + i * 10 + j),
        name: value,
        hasVariants: true,
        linkedMetafieldValue: null,
        swatch: null,
        translations: [],
      })),
    })),
  seo: (p) => ({ title: null, description: null, __product: p.id }),
  variants: (p, args, ctx) => {
    const variants = p.variantIds.flatMap((id) => ctx.shop.variants.get(id) ?? []);
    const sortKey = args.sortKey ?? 'POSITION';
    const sortedVariants = sortKey === 'ID' ? variants.sort((a, b) => a.id - b.id) : variants;
    return page(sortedVariants, args, ctx, { sortedById: false });
  },
};

const variantResolvers: TypeResolvers<Variant> = {
  id: (v) => gid('ProductVariant', v.id),
  legacyResourceId: (v) => legacy(v.id),
  title: (v) => v.title,
  displayName: (v, _a, ctx) => `${ctx.shop.products.get(v.productId)?.title ?? ''} - ${v.title}`,
  sku: (v, _a, ctx) => ctx.shop.items.get(v.inventoryItemId)?.sku ?? null,
  price: (v) => v.price,
  compareAtPrice: (v) => v.compareAtPrice,
  barcode: (v) => v.barcode,
  position: (v) => v.position,
  taxable: () => true,
  taxCode: () => null,
  availableForSale: (v, _a, ctx) => totalAvailable(ctx.shop, v) > 0,
  inventoryPolicy: () => 'DENY',
  inventoryQuantity: (v, _a, ctx) => totalAvailable(ctx.shop, v),
  sellableOnlineQuantity: (v, _a, ctx) => Math.max(0, totalAvailable(ctx.shop, v)),
  image: () => null,
  createdAt: (v) => iso(v.createdAt),
  updatedAt: (v) => iso(v.updatedAt),
  requiresComponents: () => false,
  showUnitPrice: () => false,
  unitPrice: () => null,
  selectedOptions: (v, _a, ctx) => {
    const product = ctx.shop.products.get(v.productId);
    return v.optionValues.map((value, i) => {
      const name = product?.options[i]?.name ?? 'Title';
      return {
        name,
        value,
        optionValue: {
          id: gid('ProductOptionValue', v.productId * 100 + i * 10),
          name: value,
          hasVariants: true,
          linkedMetafieldValue: null,
          swatch: null,
          translations: [],
        },
      };
    });
  },
  product: (v, _a, ctx) => ctx.shop.products.get(v.productId),
  inventoryItem: (v, _a, ctx) => ctx.shop.items.get(v.inventoryItemId),
};

const itemResolvers: TypeResolvers<InventoryItem> = {
  id: (i) => gid('InventoryItem', i.id),
  legacyResourceId: (i) => legacy(i.id),
  sku: (i) => i.sku,
  tracked: (i) => i.tracked,
  requiresShipping: (i) => i.requiresShipping,
  createdAt: (i) => iso(i.createdAt),
  updatedAt: (i) => iso(i.updatedAt),
  unitCost: () => null,
  countryCodeOfOrigin: () => null,
  provinceCodeOfOrigin: () => null,
  harmonizedSystemCode: () => null,
  inventoryHistoryUrl: () => null,
  duplicateSkuCount: (i, _a, ctx) => (i.sku ? (ctx.shop.skuIndex.get(i.sku)?.size ?? 1) - 1 : 0),
  locationsCount: (i) => ({ count: i.levels.size, precision: 'EXACT' }),
  variant: (i, _a, ctx) => ctx.shop.variants.get(i.variantId),
  // From 2026-01, replacing the deprecated `variant`: the variants that reference the item (one).
  variants: (i, args, ctx) =>
    page(
      ctx.shop.variants.has(i.variantId) ? [ctx.shop.variants.get(i.variantId)!] : [],
      args,
      ctx,
      {
        sortedById: false,
      },
    ),
  inventoryLevel: (i, args) => i.levels.get(numericId(args.locationId)) ?? null,
  inventoryLevels: (i, args, ctx) => {
    let levels = [...i.levels.values()];
    if (!args.includeInactive) {
      levels = levels.filter((level) => ctx.shop.locations.get(level.locationId)?.isActive);
    }
    return paginate(args, {
      items: levels,
      idOf: (level) => level.locationId,
      sortedById: false,
      unbounded: ctx.bulk,
      maxPageSize: ctx.rt.settings.maxPageSize,
    });
  },
};

const levelResolvers: TypeResolvers<InventoryLevel> = {
  id: (l) => inventoryLevelGid(l),
  item: (l, _a, ctx) => ctx.shop.items.get(l.itemId),
  location: (l, _a, ctx) => ctx.shop.locations.get(l.locationId),
  createdAt: (l) => iso(l.createdAt),
  updatedAt: (l) => iso(l.updatedAt),
  isActive: () => true,
  canDeactivate: () => true,
  deactivationAlert: () => null,
  quantities: (l, args) =>
    (args.names as string[]).map((name) => {
      const quantity = quantityOf(l, name);
      if (quantity === null) {
        throw new GraphQLError(
          `The quantity name '${name}' is invalid. Valid names: ${QUANTITY_NAMES.join(', ')}.`,
          { extensions: { code: 'BAD_REQUEST' } },
        );
      }
      return new QuantityView(l, name, quantity);
    }),
};

/** InventoryQuantity; id and updatedAt strings are only built when selected. */
class QuantityView {
  constructor(
    private readonly level: InventoryLevel,
    readonly name: string,
    readonly quantity: number,
  ) {}

  get id(): string {
    return `gid://shopify/InventoryQuantity/${this.level.locationId}?inventory_item_id=${this.level.itemId}&name=${this.name}`;
  }

  get updatedAt(): string {
    return iso(this.level.updatedAt);
  }
}

const adjustmentGroupResolvers: TypeResolvers<AdjustmentGroup> = {
  id: (g) => gid('InventoryAdjustmentGroup', g.id),
  createdAt: (g) => iso(g.createdAt),
  reason: (g) => g.reason,
  referenceDocumentUri: (g) => g.referenceDocumentUri,
  changes: (g) => g.changes,
  app: (_g, _a, ctx) => appObject(ctx),
  staffMember: () => null,
};

const changeResolvers: TypeResolvers<InventoryChangeRecord> = {
  name: (c) => c.name,
  delta: (c) => c.delta,
  quantityAfterChange: (c) => c.quantityAfterChange,
  ledgerDocumentUri: (c) => c.ledgerDocumentUri,
  item: (c, _a, ctx) => ctx.shop.items.get(c.itemId) ?? null,
  location: (c, _a, ctx) => ctx.shop.locations.get(c.locationId) ?? null,
};

const bulkResolvers: TypeResolvers<BulkOperation> = {
  id: (b) => gid('BulkOperation', b.id),
  type: (b) => b.type,
  status: (b) => b.status,
  query: (b) => b.query,
  createdAt: (b) => iso(b.createdAt),
  completedAt: (b) => (b.completedAt === null ? null : iso(b.completedAt)),
  errorCode: (b) => b.errorCode,
  objectCount: (b) => String(b.objectCount),
  rootObjectCount: (b) => String(b.rootObjectCount),
  fileSize: (b) => (b.fileSize === null ? null : String(b.fileSize)),
  url: (b, _a, ctx) => bulkUrl(b, ctx),
  partialDataUrl: (b, _a, ctx) => (b.status === 'FAILED' && b.result ? bulkUrl(b, ctx) : null),
};

function bulkUrl(b: BulkOperation, ctx: GraphqlContext): string | null {
  if (b.status !== 'COMPLETED' || b.result === null) return null;
  if (b.expiresAt !== null && b.expiresAt <= ctx.rt.now()) return null;
  // An empty result has no file, as on Shopify.
  if (b.objectCount === 0) return null;
  const signature = createHmac('sha256', ctx.rt.settings.app.clientSecret)
    .update(`${ctx.shop.domain}/${b.id}`)
    .digest('hex')
    .slice(0, 32);
  return `${ctx.rt.publicUrl()}/bulk/${ctx.shop.domain}/${b.id}.jsonl?signature=${signature}`;
}

export function bulkSignature(secret: string, shop: string, id: number): string {
  return createHmac('sha256', secret).update(`${shop}/${id}`).digest('hex').slice(0, 32);
}

const webhookResolvers: TypeResolvers<WebhookSubscription> = {
  id: (w) => gid('WebhookSubscription', w.id),
  legacyResourceId: (w) => legacy(w.id),
  topic: (w) => w.topic,
  format: (w) => w.format,
  callbackUrl: (w) => w.uri,
  uri: (w) => w.uri,
  name: (w) => w.name,
  filter: (w) => w.filter,
  includeFields: (w) => w.includeFields,
  metafieldNamespaces: () => [],
  metafields: () => [],
  createdAt: (w) => iso(w.createdAt),
  updatedAt: (w) => iso(w.updatedAt),
  apiVersion: (w) => ({ handle: w.apiVersion, displayName: w.apiVersion, supported: true }),
  endpoint: (w) => ({ __typename: 'WebhookHttpEndpoint', callbackUrl: w.uri }),
};

const appSubscriptionResolvers: TypeResolvers<AppSubscription> = {
  id: (s) => gid('AppSubscription', s.id),
  name: (s) => s.name,
  status: (s) => s.status,
  test: (s) => s.test,
  trialDays: (s) => s.trialDays,
  returnUrl: (s) => s.returnUrl,
  createdAt: (s) => iso(s.createdAt),
  currentPeriodEnd: (s) => (s.currentPeriodEnd === null ? null : iso(s.currentPeriodEnd)),
  lineItems: (s) =>
    s.lineItems.map((line) => ({
      id: gid('AppSubscriptionLineItem', line.id),
      plan: {
        pricingDetails:
          line.kind === 'recurring'
            ? {
                __typename: 'AppRecurringPricing',
                price: { amount: line.amount, currencyCode: line.currencyCode },
                interval: line.interval,
                discount: null,
                planHandle: null,
              }
            : {
                __typename: 'AppUsagePricing',
                cappedAmount: { amount: line.amount, currencyCode: line.currencyCode },
                balanceUsed: { amount: '0.0', currencyCode: line.currencyCode },
                interval: line.interval,
                terms: line.terms,
              },
      },
    })),
};

function appObject(ctx: GraphqlContext) {
  const app = ctx.rt.settings.app;
  return {
    id: gid('App', 1_000_000 + (app.clientId.length % 1000)),
    title: app.title,
    handle: app.handle,
    apiKey: app.clientId,
    embedded: false,
    developerName: 'stocksync',
    description: null,
    installUrl: null,
    launchUrl: app.appUrl,
    uninstallUrl: null,
    webhookApiVersion: app.webhookApiVersion,
    published: false,
    shopifyDeveloped: false,
    previouslyInstalled: true,
    pricingDetails: null,
    pricingDetailsSummary: '',
    features: [],
  };
}

function installation(ctx: GraphqlContext) {
  const shop = ctx.shop;
  const subscriptions = [...shop.appSubscriptions.values()];
  return {
    id: gid('AppInstallation', shop.id),
    app: appObject(ctx),
    launchUrl: ctx.rt.settings.app.appUrl,
    uninstallUrl: null,
    channel: null,
    publication: null,
    accessScopes: [...ctx.scopes].map((handle) => ({ handle, description: handle })),
    activeSubscriptions: subscriptions.filter((s) => s.status === 'ACTIVE'),
    subscriptions: subscriptions,
    allSubscriptions: (args: Args) =>
      page(
        args.reverse ? [...subscriptions].reverse() : subscriptions,
        { ...args, reverse: false },
        ctx,
      ),
  };
}

// ---- root query -----------------------------------------------------------------------------

function lookupNode(ctx: GraphqlContext, id: string): unknown {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?inventory_item_id=(\d+))?/.exec(id);
  if (!match) return null;
  const [, type, rawId, itemId] = match;
  const n = Number(rawId);
  const shop = ctx.shop;
  const tag = (value: object | undefined, typename: string) =>
    value ? Object.assign(Object.create(value) as object, { __typename: typename }) : null;
  switch (type) {
    case 'Product':
      requireScope(ctx, 'read_products', 'node');
      return tag(shop.products.get(n), 'Product');
    case 'ProductVariant':
      requireScope(ctx, 'read_products', 'node');
      return tag(shop.variants.get(n), 'ProductVariant');
    case 'InventoryItem':
      requireScope(ctx, 'read_inventory', 'node');
      return tag(shop.items.get(n), 'InventoryItem');
    case 'InventoryLevel':
      requireScope(ctx, 'read_inventory', 'node');
      return tag(shop.items.get(Number(itemId))?.levels.get(n), 'InventoryLevel');
    case 'Location':
      return tag(shop.locations.get(n), 'Location');
    case 'BulkOperation':
      return tag(shop.bulkOperations.get(n), 'BulkOperation');
    case 'WebhookSubscription':
      return tag(shop.webhookSubscriptions.get(n), 'WebhookSubscription');
    case 'AppSubscription':
      return tag(shop.appSubscriptions.get(n), 'AppSubscription');
    case 'InventoryAdjustmentGroup':
      return tag(shop.adjustmentGroups.get(n), 'InventoryAdjustmentGroup');
    default:
      return null;
  }
}

const queryResolvers: TypeResolvers<unknown> = {
  shop: (_s, _a, ctx) => ctx.shop,
  locations: (_s, args, ctx) => {
    requireScope(ctx, 'read_locations', 'locations');
    let items = ctx.shop.locationList;
    if (!args.includeInactive) items = items.filter((l) => l.isActive);
    items = filtered(items, args.query, locationFields, ['name']) as Location[];
    if (args.sortKey === 'NAME')
      return rootPage(
        items,
        args,
        ctx,
        sorted(items, (l) => l.name),
      );
    return rootPage(items, args, ctx);
  },
  location: (_s, args, ctx) => {
    requireScope(ctx, 'read_locations', 'location');
    return args.id
      ? (ctx.shop.locations.get(numericId(args.id)) ?? null)
      : ctx.shop.primaryLocation();
  },
  products: (_s, args, ctx) => {
    requireScope(ctx, 'read_products', 'products');
    const items = filtered(ctx.shop.productList, args.query, productFields(ctx.shop), [
      'title',
      'sku',
      'vendor',
    ]);
    const sort = sortProducts(items, args.sortKey);
    return rootPage(sort.items, args, ctx, sort);
  },
  product: (_s, args, ctx) => {
    requireScope(ctx, 'read_products', 'product');
    return ctx.shop.products.get(numericId(args.id)) ?? null;
  },
  productByHandle: (_s, args, ctx) => {
    requireScope(ctx, 'read_products', 'productByHandle');
    return ctx.shop.productList.find((p) => p.handle === args.handle) ?? null;
  },
  productVariants: (_s, args, ctx) => {
    requireScope(ctx, 'read_products', 'productVariants');
    let items = filtered(ctx.shop.variantList, args.query, variantFields(ctx.shop), [
      'title',
      'sku',
    ]);
    // SKU lookups are the hot path of a sync: answer `sku:X` from the index when that is the whole query.
    const skuOnly = /^sku:(?:"([^"]*)"|'([^']*)'|([^\s*]+))$/.exec((args.query ?? '').trim());
    if (skuOnly) {
      const sku = skuOnly[1] ?? skuOnly[2] ?? skuOnly[3] ?? '';
      items = ctx.shop.variantsBySku(sku).sort((a, b) => a.id - b.id);
    }
    switch (args.sortKey ?? 'ID') {
      case 'ID':
      case 'RELEVANCE':
        return rootPage(items, args, ctx);
      case 'SKU':
        return rootPage(
          items,
          args,
          ctx,
          sorted(items, (v) => ctx.shop.items.get(v.inventoryItemId)?.sku ?? ''),
        );
      case 'TITLE':
        return rootPage(
          items,
          args,
          ctx,
          sorted(items, (v) => v.title),
        );
      case 'POSITION':
        return rootPage(
          items,
          args,
          ctx,
          sorted(items, (v) => v.position),
        );
      default:
        throw notEmulatedError('ProductVariantSortKeys', String(args.sortKey));
    }
  },
  productVariant: (_s, args, ctx) => {
    requireScope(ctx, 'read_products', 'productVariant');
    return ctx.shop.variants.get(numericId(args.id)) ?? null;
  },
  inventoryItem: (_s, args, ctx) => {
    requireScope(ctx, 'read_inventory', 'inventoryItem');
    return ctx.shop.items.get(numericId(args.id)) ?? null;
  },
  inventoryItems: (_s, args, ctx) => {
    requireScope(ctx, 'read_inventory', 'inventoryItems');
    return rootPage(filtered(ctx.shop.itemList, args.query, itemFields, ['sku']), args, ctx);
  },
  inventoryLevel: (_s, args, ctx) => {
    requireScope(ctx, 'read_inventory', 'inventoryLevel');
    const match = /InventoryLevel\/(\d+)\?inventory_item_id=(\d+)/.exec(String(args.id));
    if (!match) return null;
    return ctx.shop.items.get(Number(match[2]))?.levels.get(Number(match[1])) ?? null;
  },
  node: (_s, args, ctx) => lookupNode(ctx, String(args.id)),
  nodes: (_s, args, ctx) => (args.ids as string[]).map((id) => lookupNode(ctx, id)),
  currentBulkOperation: (_s, args, ctx) => {
    const type = args.type ?? 'QUERY';
    let latest: BulkOperation | null = null;
    for (const op of ctx.shop.bulkOperations.values()) if (op.type === type) latest = op;
    return latest;
  },
  bulkOperation: (_s, args, ctx) => ctx.shop.bulkOperations.get(numericId(args.id)) ?? null,
  webhookSubscriptions: (_s, args, ctx) => {
    let items = [...ctx.shop.webhookSubscriptions.values()];
    if (args.topics?.length) items = items.filter((w) => args.topics.includes(w.topic));
    const uri = args.uri ?? args.callbackUrl;
    if (uri) items = items.filter((w) => w.uri === uri);
    if (args.format) items = items.filter((w) => w.format === args.format);
    return rootPage(items, args, ctx);
  },
  webhookSubscription: (_s, args, ctx) =>
    ctx.shop.webhookSubscriptions.get(numericId(args.id)) ?? null,
  currentAppInstallation: (_s, _a, ctx) => installation(ctx),
  app: (_s, _a, ctx) => appObject(ctx),
};

// ---- mutations ------------------------------------------------------------------------------

interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

const SETTABLE = ['available', 'on_hand'];
const ADJUSTABLE = [
  'available',
  'on_hand',
  'damaged',
  'incoming',
  'quality_control',
  'reserved',
  'safety_stock',
];

function validUri(value: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\/?\/?\S+$/.test(value);
}

/**
 * Compare-and-set rules by version (docs/channels §1.4): `changeFromQuantity` (2026-01+, required
 * as an explicit value or null from 2026-04), `compareQuantity` + `ignoreCompareQuantity` before.
 */
function casError(
  ctx: GraphqlContext,
  row: Args,
  current: number,
  field: string[],
  legacy: { ignoreCompareQuantity: boolean } | null,
): UserError | null {
  const hasChangeFrom = Object.prototype.hasOwnProperty.call(row, 'changeFromQuantity');
  if (versionAtLeast(ctx.version, '2026-04') && !hasChangeFrom) {
    return {
      field: [...field, 'changeFromQuantity'],
      message:
        'The changeFromQuantity argument must be provided (pass null to skip the compare-and-swap check).',
      code: null,
    };
  }
  if (hasChangeFrom) {
    const expected = row.changeFromQuantity as number | null;
    if (expected !== null && expected !== current) {
      return {
        field: [...field, 'changeFromQuantity'],
        message: 'The specified compare quantity does not match the current quantity.',
        code: 'CHANGE_FROM_QUANTITY_STALE',
      };
    }
    return null;
  }
  if (!legacy || legacy.ignoreCompareQuantity) return null;
  if (row.compareQuantity === undefined || row.compareQuantity === null) {
    return {
      field: [...field, 'compareQuantity'],
      message:
        'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
      code: 'COMPARE_QUANTITY_REQUIRED',
    };
  }
  if (row.compareQuantity !== current) {
    return {
      field: [...field, 'compareQuantity'],
      message: 'The specified compare quantity does not match the current quantity.',
      code: ctx.rt.settings.compareQuantityStaleCode,
    };
  }
  return null;
}

function locate(ctx: GraphqlContext, row: Args, field: string[], errors: UserError[]) {
  const item = ctx.shop.items.get(numericId(row.inventoryItemId));
  if (!item) {
    errors.push({
      field: [...field, 'inventoryItemId'],
      message: 'The specified inventory item could not be found.',
      code: 'INVALID_INVENTORY_ITEM',
    });
    return null;
  }
  const location = ctx.shop.locations.get(numericId(row.locationId));
  if (!location) {
    errors.push({
      field: [...field, 'locationId'],
      message: 'The specified location could not be found.',
      code: 'INVALID_LOCATION',
    });
    return null;
  }
  const level = item.levels.get(location.id);
  if (!level) {
    errors.push({
      field: [...field, 'locationId'],
      message: 'The specified inventory item is not stocked at the location.',
      code: 'ITEM_NOT_STOCKED_AT_LOCATION',
    });
    return null;
  }
  return level;
}

function commonInputErrors(ctx: GraphqlContext, input: Args, errors: UserError[]): void {
  if (!ctx.rt.settings.inventoryReasons.includes(input.reason)) {
    errors.push({
      field: ['input', 'reason'],
      message: 'The specified reason is invalid.',
      code: 'INVALID_REASON',
    });
  }
  if (
    input.referenceDocumentUri !== undefined &&
    input.referenceDocumentUri !== null &&
    !validUri(input.referenceDocumentUri)
  ) {
    errors.push({
      field: ['input', 'referenceDocumentUri'],
      message: 'The specified reference document is invalid.',
      code: 'INVALID_REFERENCE_DOCUMENT',
    });
  }
}

function recordGroup(
  ctx: GraphqlContext,
  input: Args,
  changes: InventoryChangeRecord[],
): AdjustmentGroup {
  const group: AdjustmentGroup = {
    id: ctx.rt.ids.take('InventoryAdjustmentGroup'),
    createdAt: ctx.rt.now(),
    reason: input.reason,
    referenceDocumentUri: input.referenceDocumentUri ?? null,
    changes,
  };
  ctx.shop.adjustmentGroups.set(group.id, group);
  return group;
}

function inventorySetQuantities(ctx: GraphqlContext, input: Args) {
  const errors: UserError[] = [];
  if (!SETTABLE.includes(input.name)) {
    errors.push({
      field: ['input', 'name'],
      message: "The quantity name must be either 'available' or 'on_hand'.",
      code: 'INVALID_NAME',
    });
  }
  commonInputErrors(ctx, input, errors);
  const legacy = versionAtLeast(ctx.version, '2026-04')
    ? null
    : { ignoreCompareQuantity: Boolean(input.ignoreCompareQuantity) };
  const seen = new Set<string>();
  const plan: Array<{ level: InventoryLevel; quantity: number }> = [];
  (input.quantities as Args[]).forEach((row, index) => {
    const field = ['input', 'quantities', String(index)];
    const key = `${numericId(row.inventoryItemId)}:${numericId(row.locationId)}`;
    if (seen.has(key)) {
      errors.push({
        field,
        message: 'The combination of inventoryItemId and locationId must be unique.',
        code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
      });
      return;
    }
    seen.add(key);
    if (row.quantity < 0 && input.name === 'on_hand') {
      errors.push({
        field: [...field, 'quantity'],
        message: "The quantity can't be negative.",
        code: 'INVALID_QUANTITY_NEGATIVE',
      });
    }
    if (row.quantity > 1_000_000_000) {
      errors.push({
        field: [...field, 'quantity'],
        message: "The total quantity can't be higher than 1,000,000,000.",
        code: 'INVALID_QUANTITY_TOO_HIGH',
      });
    }
    const level = locate(ctx, row, field, errors);
    if (!level || !SETTABLE.includes(input.name)) return;
    const cas = casError(ctx, row, quantityOf(level, input.name) ?? 0, field, legacy);
    if (cas) errors.push(cas);
    plan.push({ level, quantity: row.quantity });
  });
  if (errors.length) return { inventoryAdjustmentGroup: null, userErrors: errors };
  const changes: InventoryChangeRecord[] = [];
  for (const { level, quantity } of plan) {
    const delta = quantity - (quantityOf(level, input.name) ?? 0);
    if (delta === 0) continue;
    ctx.rt.changeQuantity(ctx.shop, level, input.name, delta);
    const other = input.name === 'available' ? 'on_hand' : 'available';
    for (const name of [input.name as string, other]) {
      changes.push({
        name,
        delta,
        quantityAfterChange: quantityOf(level, name),
        itemId: level.itemId,
        locationId: level.locationId,
        ledgerDocumentUri: null,
      });
    }
  }
  if (!changes.length) return { inventoryAdjustmentGroup: null, userErrors: [] };
  return { inventoryAdjustmentGroup: recordGroup(ctx, input, changes), userErrors: [] };
}

function inventoryAdjustQuantities(ctx: GraphqlContext, input: Args) {
  const errors: UserError[] = [];
  const name = input.name as string;
  if (!ADJUSTABLE.includes(name)) {
    errors.push({
      field: ['input', 'name'],
      message: 'The specified quantity name is invalid.',
      code: 'INVALID_QUANTITY_NAME',
    });
  }
  commonInputErrors(ctx, input, errors);
  const plan: Array<{ level: InventoryLevel; delta: number; ledger: string | null }> = [];
  const ledgers = new Set<string>();
  (input.changes as Args[]).forEach((row, index) => {
    const field = ['input', 'changes', String(index)];
    const ledger = (row.ledgerDocumentUri as string | null | undefined) ?? null;
    if (name === 'available' && ledger) {
      errors.push({
        field: [...field, 'ledgerDocumentUri'],
        message: 'A ledger document URI is not allowed when adjusting available.',
        code: 'INVALID_AVAILABLE_DOCUMENT',
      });
    } else if (name !== 'available' && !ledger) {
      errors.push({
        field: [...field, 'ledgerDocumentUri'],
        message: 'A ledger document URI is required except when adjusting available.',
        code: 'INVALID_QUANTITY_DOCUMENT',
      });
    } else if (ledger && ledger.startsWith('gid://shopify/')) {
      errors.push({
        field: [...field, 'ledgerDocumentUri'],
        message:
          'Internal (gid://shopify/) ledger documents are not allowed to be adjusted via API.',
        code: 'INTERNAL_LEDGER_DOCUMENT',
      });
    } else if (ledger && !validUri(ledger)) {
      errors.push({
        field: [...field, 'ledgerDocumentUri'],
        message: 'The specified ledger document is invalid.',
        code: 'INVALID_LEDGER_DOCUMENT',
      });
    }
    if (ledger) ledgers.add(ledger);
    const level = locate(ctx, row, field, errors);
    if (!level || !ADJUSTABLE.includes(name)) return;
    const cas = casError(ctx, row, quantityOf(level, name) ?? 0, field, null);
    if (cas) errors.push(cas);
    const after = (quantityOf(level, name) ?? 0) + row.delta;
    if (after > 2_000_000_000 || after < -2_000_000_000) {
      errors.push({
        field: [...field, 'delta'],
        message:
          after > 0
            ? "The quantity can't be higher than 2,000,000,000."
            : "The quantity can't be lower than -2,000,000,000.",
        code: after > 0 ? 'INVALID_QUANTITY_TOO_HIGH' : 'INVALID_QUANTITY_TOO_LOW',
      });
    }
    plan.push({ level, delta: row.delta, ledger });
  });
  if (ledgers.size > 1) {
    errors.push({
      field: ['input', 'changes'],
      message:
        'All changes must have the same ledger document URI or, in the case of adjusting available, no ledger document URI.',
      code: 'MAX_ONE_LEDGER_DOCUMENT',
    });
  }
  if (errors.length) return { inventoryAdjustmentGroup: null, userErrors: errors };
  const changes: InventoryChangeRecord[] = [];
  for (const { level, delta, ledger } of plan) {
    ctx.rt.changeQuantity(ctx.shop, level, name, delta);
    changes.push({
      name,
      delta,
      quantityAfterChange: quantityOf(level, name),
      itemId: level.itemId,
      locationId: level.locationId,
      ledgerDocumentUri: ledger,
    });
    // Moving available or a reserved state also moves on_hand (on_hand = available + committed + unavailable).
    if (name !== 'on_hand' && name !== 'incoming') {
      changes.push({
        name: 'on_hand',
        delta,
        quantityAfterChange: quantityOf(level, 'on_hand'),
        itemId: level.itemId,
        locationId: level.locationId,
        ledgerDocumentUri: null,
      });
    }
  }
  return { inventoryAdjustmentGroup: recordGroup(ctx, input, changes), userErrors: [] };
}

function productVariantsBulkUpdate(ctx: GraphqlContext, args: Args) {
  const shop = ctx.shop;
  const product = shop.products.get(numericId(args.productId));
  if (!product) {
    return {
      product: null,
      productVariants: null,
      userErrors: [
        { field: ['productId'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' },
      ],
    };
  }
  const errors: UserError[] = [];
  const plan: Array<{ variant: Variant; input: Args }> = [];
  (args.variants as Args[]).forEach((input, index) => {
    const field = ['variants', String(index)];
    if (!input.id) {
      errors.push({
        field: [...field, 'id'],
        message: 'Product variant is missing ID attribute',
        code: 'PRODUCT_VARIANT_ID_MISSING',
      });
      return;
    }
    const variant = shop.variants.get(numericId(input.id));
    if (!variant || variant.productId !== product.id) {
      errors.push({
        field: [...field, 'id'],
        message: 'Product variant does not exist',
        code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
      });
      return;
    }
    if (input.inventoryQuantities) {
      errors.push({
        field: [...field, 'inventoryQuantities'],
        message: 'Inventory quantities can only be provided during create.',
        code: 'NO_INVENTORY_QUANTITIES_ON_VARIANTS_UPDATE',
      });
      return;
    }
    if (input.price !== undefined && input.price !== null && Number(input.price) < 0) {
      errors.push({
        field: [...field, 'price'],
        message: 'Price must be greater than or equal to 0',
        code: 'GREATER_THAN_OR_EQUAL_TO',
      });
      return;
    }
    const sku = input.inventoryItem?.sku;
    if (typeof sku === 'string' && sku.length > 255) {
      errors.push({
        field: [...field, 'inventoryItem', 'sku'],
        message: 'SKU is too long (maximum is 255 characters)',
        code: 'TOO_LONG',
      });
      return;
    }
    plan.push({ variant, input });
  });
  if (errors.length && !args.allowPartialUpdates) {
    return { product, productVariants: null, userErrors: errors };
  }
  const now = ctx.rt.now();
  for (const { variant, input } of plan) {
    const item = shop.items.get(variant.inventoryItemId)!;
    if (input.inventoryItem) {
      if (input.inventoryItem.sku !== undefined) {
        const sku = input.inventoryItem.sku ?? '';
        shop.indexSku(variant.id, item.sku, sku);
        item.sku = sku;
      }
      if (typeof input.inventoryItem.tracked === 'boolean')
        item.tracked = input.inventoryItem.tracked;
      if (typeof input.inventoryItem.requiresShipping === 'boolean') {
        item.requiresShipping = input.inventoryItem.requiresShipping;
      }
      item.updatedAt = now;
      ctx.rt.emit(shop, 'inventory_items/update', inventoryItemPayload(item));
    }
    if (input.price !== undefined && input.price !== null) variant.price = String(input.price);
    if (input.compareAtPrice !== undefined) {
      variant.compareAtPrice = input.compareAtPrice === null ? null : String(input.compareAtPrice);
    }
    if (input.barcode !== undefined) variant.barcode = input.barcode;
    variant.updatedAt = now;
  }
  if (plan.length) {
    product.updatedAt = now;
    ctx.rt.emit(shop, 'products/update', productPayload(shop, product));
  }
  return { product, productVariants: plan.map((p) => p.variant), userErrors: errors };
}

function webhookInputUri(input: Args): string | undefined {
  return (input.uri ?? input.callbackUrl ?? undefined) as string | undefined;
}

function webhookUriError(ctx: GraphqlContext, uri: string | undefined): UserError | null {
  if (!uri)
    return { field: ['webhookSubscription', 'callbackUrl'], message: "Address can't be blank" };
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' };
  }
  const allowed = ctx.rt.settings.allowHttpWebhooks ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    return {
      field: ['webhookSubscription', 'callbackUrl'],
      message: 'Address protocol http:// is not supported',
    };
  }
  return null;
}

function webhookSubscriptionCreate(ctx: GraphqlContext, args: Args) {
  const input = args.webhookSubscription as Args;
  const uri = webhookInputUri(input);
  const error = webhookUriError(ctx, uri);
  if (error) return { webhookSubscription: null, userErrors: [error] };
  for (const existing of ctx.shop.webhookSubscriptions.values()) {
    if (existing.topic === args.topic && existing.uri === uri) {
      return {
        webhookSubscription: null,
        userErrors: [
          {
            field: ['webhookSubscription', 'callbackUrl'],
            message: 'Address for this topic has already been taken',
          },
        ],
      };
    }
  }
  const now = ctx.rt.now();
  const sub: WebhookSubscription = {
    id: ctx.rt.ids.take('WebhookSubscription'),
    topic: args.topic,
    uri: uri!,
    format: input.format ?? 'JSON',
    apiVersion: ctx.version,
    includeFields: input.includeFields ?? [],
    name: input.name ?? null,
    filter: input.filter ?? null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.shop.webhookSubscriptions.set(sub.id, sub);
  return { webhookSubscription: sub, userErrors: [] };
}

function webhookSubscriptionUpdate(ctx: GraphqlContext, args: Args) {
  const sub = ctx.shop.webhookSubscriptions.get(numericId(args.id));
  if (!sub) {
    return {
      webhookSubscription: null,
      userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
    };
  }
  const input = args.webhookSubscription as Args;
  const uri = webhookInputUri(input);
  if (uri !== undefined) {
    const error = webhookUriError(ctx, uri);
    if (error) return { webhookSubscription: null, userErrors: [error] };
    sub.uri = uri;
  }
  if (input.format) sub.format = input.format;
  if (input.includeFields) sub.includeFields = input.includeFields;
  if (input.filter !== undefined) sub.filter = input.filter;
  if (input.name !== undefined) sub.name = input.name;
  sub.updatedAt = ctx.rt.now();
  return { webhookSubscription: sub, userErrors: [] };
}

function webhookSubscriptionDelete(ctx: GraphqlContext, args: Args) {
  const id = numericId(args.id);
  if (!ctx.shop.webhookSubscriptions.delete(id)) {
    return {
      deletedWebhookSubscriptionId: null,
      userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
    };
  }
  return { deletedWebhookSubscriptionId: gid('WebhookSubscription', id), userErrors: [] };
}

function appSubscriptionCreate(ctx: GraphqlContext, args: Args) {
  const errors: UserError[] = [];
  if (!String(args.name ?? '').trim())
    errors.push({ field: ['name'], message: "Name can't be blank" });
  if (!(args.lineItems as Args[]).length) {
    errors.push({ field: ['lineItems'], message: 'Line items must have at least one item' });
  }
  const lineItems: AppSubscription['lineItems'] = [];
  (args.lineItems as Args[]).forEach((line, index) => {
    const recurring = line.plan?.appRecurringPricingDetails;
    const usage = line.plan?.appUsagePricingDetails;
    if (recurring) {
      lineItems.push({
        id: ctx.rt.ids.take('AppSubscriptionLineItem'),
        amount: decimal(recurring.price.amount),
        currencyCode: recurring.price.currencyCode,
        interval: recurring.interval ?? 'EVERY_30_DAYS',
        kind: 'recurring',
        terms: null,
      });
    } else if (usage) {
      lineItems.push({
        id: ctx.rt.ids.take('AppSubscriptionLineItem'),
        amount: decimal(usage.cappedAmount.amount),
        currencyCode: usage.cappedAmount.currencyCode,
        interval: 'EVERY_30_DAYS',
        kind: 'usage',
        terms: usage.terms,
      });
    } else {
      errors.push({ field: ['lineItems', String(index), 'plan'], message: 'Plan is invalid' });
    }
  });
  if (errors.length) return { appSubscription: null, confirmationUrl: null, userErrors: errors };
  const sub: AppSubscription = {
    id: ctx.rt.ids.take('AppSubscription'),
    name: args.name,
    status: 'PENDING',
    test: Boolean(args.test),
    trialDays: args.trialDays ?? 0,
    returnUrl: args.returnUrl,
    replacementBehavior: args.replacementBehavior ?? 'STANDARD',
    createdAt: ctx.rt.now(),
    currentPeriodEnd: null,
    lineItems,
  };
  ctx.shop.appSubscriptions.set(sub.id, sub);
  const signature = chargeSignature(ctx.rt.settings.app.clientSecret, sub.id);
  const confirmationUrl = ctx.rt.shopUrl(
    ctx.shop,
    `/admin/charges/${ctx.rt.settings.app.clientId}/${sub.id}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=${signature}`,
  );
  return { appSubscription: sub, confirmationUrl, userErrors: [] };
}

/** Shopify prints Decimal amounts with at least one fraction digit ("29.0"). */
function decimal(value: unknown): string {
  const text = String(value);
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

export function chargeSignature(secret: string, id: number): string {
  return createHmac('sha256', secret).update(`charge:${id}`).digest('hex').slice(0, 40);
}

function appSubscriptionCancel(ctx: GraphqlContext, args: Args) {
  const sub = ctx.shop.appSubscriptions.get(numericId(args.id));
  if (!sub) {
    return {
      appSubscription: null,
      userErrors: [{ field: ['id'], message: 'Subscription not found' }],
    };
  }
  if (sub.status === 'CANCELLED' || sub.status === 'DECLINED' || sub.status === 'EXPIRED') {
    return {
      appSubscription: sub,
      userErrors: [
        { field: ['id'], message: `Cannot cancel a ${sub.status.toLowerCase()} subscription` },
      ],
    };
  }
  sub.status = 'CANCELLED';
  ctx.rt.emitSubscriptionUpdate(ctx.shop, sub);
  return { appSubscription: sub, userErrors: [] };
}

/** Idempotency (docs/channels §1.4): same key + same arguments replays the first answer. */
function idempotent(
  fieldName: string,
  run: (ctx: GraphqlContext, args: Args) => Record<string, unknown>,
): Resolver<unknown> {
  return (_source, args, ctx, info) => {
    const directive = info.schema.getDirective('idempotent');
    const node = info.fieldNodes[0];
    const values =
      directive && node ? getDirectiveValues(directive, node, info.variableValues) : undefined;
    const key = values?.key as string | undefined;
    const settings = ctx.rt.settings;
    if (key === undefined) {
      if (
        settings.idempotentMutations.includes(fieldName) &&
        versionAtLeast(ctx.version, settings.idempotencyRequiredFrom)
      ) {
        throw new GraphQLError(
          `The @idempotent directive is required for ${fieldName} (use @idempotent(key: "<uuid>")).`,
          { extensions: { code: 'BAD_REQUEST' } },
        );
      }
      return run(ctx, args);
    }
    if (!key.trim()) {
      throw new GraphQLError('The idempotency key cannot be an empty string or whitespace only.', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    const now = ctx.rt.now();
    const fingerprint = createHash('sha256')
      .update(fieldName + JSON.stringify(args))
      .digest('hex');
    const storeKey = `${fieldName}:${key}`;
    const previous = ctx.shop.idempotency.get(storeKey);
    if (previous && now - previous.at < settings.idempotencyRetentionSeconds * 1000) {
      if (previous.fingerprint !== fingerprint) {
        return {
          inventoryAdjustmentGroup: null,
          userErrors: [
            {
              field: null,
              message:
                'The same idempotency key cannot be used with different operation parameters.',
              code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
            },
          ],
        };
      }
      return previous.payload;
    }
    const payload = run(ctx, args);
    ctx.shop.idempotency.set(storeKey, { fingerprint, payload, at: now });
    return payload;
  };
}

function mutation(
  scope: string | null,
  fieldName: string,
  run: (ctx: GraphqlContext, args: Args) => Record<string, unknown>,
): Resolver<unknown> {
  const inner = idempotent(fieldName, run);
  return (source, args, ctx, info) => {
    if (scope) requireScope(ctx, scope, fieldName);
    return inner(source, args, ctx, info);
  };
}

const mutationResolvers: TypeResolvers<unknown> = {
  inventorySetQuantities: mutation('write_inventory', 'inventorySetQuantities', (ctx, a) =>
    inventorySetQuantities(ctx, a.input),
  ),
  inventoryAdjustQuantities: mutation('write_inventory', 'inventoryAdjustQuantities', (ctx, a) =>
    inventoryAdjustQuantities(ctx, a.input),
  ),
  productVariantsBulkUpdate: mutation('write_products', 'productVariantsBulkUpdate', (ctx, a) =>
    productVariantsBulkUpdate(ctx, a),
  ),
  bulkOperationRunQuery: mutation(null, 'bulkOperationRunQuery', (ctx, a) =>
    startBulkQuery(ctx, String(a.query)),
  ),
  bulkOperationCancel: mutation(null, 'bulkOperationCancel', (ctx, a) =>
    cancelBulkOperation(ctx, numericId(a.id)),
  ),
  webhookSubscriptionCreate: mutation(null, 'webhookSubscriptionCreate', webhookSubscriptionCreate),
  webhookSubscriptionUpdate: mutation(null, 'webhookSubscriptionUpdate', webhookSubscriptionUpdate),
  webhookSubscriptionDelete: mutation(null, 'webhookSubscriptionDelete', webhookSubscriptionDelete),
  appSubscriptionCreate: mutation(null, 'appSubscriptionCreate', appSubscriptionCreate),
  appSubscriptionCancel: mutation(null, 'appSubscriptionCancel', appSubscriptionCancel),
};

/** Types backed by state records: only their listed fields resolve (others are "not emulated"). */
const RESOLVERS: Record<string, TypeResolvers<never>> = {
  QueryRoot: queryResolvers,
  Mutation: mutationResolvers,
  Shop: shopResolvers,
  Location: locationResolvers,
  Product: productResolvers,
  ProductVariant: variantResolvers,
  InventoryItem: itemResolvers,
  InventoryLevel: levelResolvers,
  InventoryAdjustmentGroup: adjustmentGroupResolvers,
  InventoryChange: changeResolvers,
  BulkOperation: bulkResolvers,
  WebhookSubscription: webhookResolvers,
  AppSubscription: appSubscriptionResolvers,
};

export const ROOT_FIELDS = {
  query: new Set(Object.keys(queryResolvers)),
  mutation: new Set(Object.keys(mutationResolvers)),
};

/** graphql-js field resolver: typed resolvers for state-backed types, plain properties otherwise. */
export const fieldResolver: GraphQLFieldResolver<unknown, GraphqlContext> = (
  source,
  args,
  ctx,
  info,
) => {
  const typeResolvers = RESOLVERS[info.parentType.name] as TypeResolvers<unknown> | undefined;
  if (typeResolvers) {
    const resolve = typeResolvers[info.fieldName];
    if (resolve) return resolve(source, args, ctx, info);
    throw notEmulatedError(info.parentType.name, info.fieldName);
  }
  if (source && typeof source === 'object') {
    const value = (source as Record<string, unknown>)[info.fieldName];
    if (value !== undefined) {
      return typeof value === 'function'
        ? (value as (a: Args, c: GraphqlContext, i: GraphQLResolveInfo) => unknown)(args, ctx, info)
        : value;
    }
  }
  throw notEmulatedError(info.parentType.name, info.fieldName);
};

export { topicFromEnum };
