import type { ShopifyApiVersion } from './config';

/** Every GraphQL document the Shopify adapter sends; queries.test.ts validates them all per version. */

const VARIANT_FIELDS = `id sku title price inventoryQuantity selectedOptions { name value } inventoryItem { id }`;

export const CATALOGUE_PAGE = `query ChannelsCatalogue($first: Int!, $after: String, $variants: Int!, $query: String) {
  shop { currencyCode }
  products(first: $first, after: $after, sortKey: ID, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id title
      variants(first: $variants) {
        pageInfo { hasNextPage endCursor }
        nodes { ${VARIANT_FIELDS} }
      }
    }
  }
}`;

export const PRODUCT_VARIANTS_PAGE = `query ChannelsProductVariants($id: ID!, $first: Int!, $after: String) {
  product(id: $id) {
    variants(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { ${VARIANT_FIELDS} }
    }
  }
}`;

/** Inner query of the bulk export (no pagination arguments in bulk queries). */
export const BULK_CATALOGUE = `{
  products {
    edges { node { id title variants { edges { node { ${VARIANT_FIELDS} } } } } }
  }
}`;

/** The shop's currency: every variant price is in it (the bulk export cannot ask for it). */
export const SHOP_CURRENCY = `query ChannelsShopCurrency {
  shop { currencyCode }
}`;

export const BULK_RUN = `mutation ChannelsBulkRun($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message }
  }
}`;

export const BULK_POLL = `query ChannelsBulkPoll($id: ID!) {
  node(id: $id) {
    ... on BulkOperation { id status errorCode objectCount url partialDataUrl }
  }
}`;

const LEVELS = `inventoryLevels(first: $levels) { nodes { location { id } updatedAt quantities(names: ["available"]) { name quantity } } }`;

/**
 * The variant of an inventory item: `InventoryItem.variant` is deprecated from 2026-01 in favour of
 * the `variants` connection (which 2025-10 does not have); an item has one variant.
 */
const itemVariant = (version: ShopifyApiVersion) =>
  version >= '2026-01' ? 'variants(first: 1) { nodes { id } }' : 'variant { id }';

export function inventoryByIdsQuery(version: ShopifyApiVersion): string {
  const item = `id sku ${itemVariant(version)} ${LEVELS}`;
  return `query ChannelsInventory($ids: [ID!]!, $levels: Int!) {
  nodes(ids: $ids) {
    ... on InventoryItem { ${item} }
    ... on ProductVariant { id inventoryItem { ${item} } }
  }
}`;
}

/**
 * Sync's read: only what it matches on (the item; the location is the one asked for), about 3
 * cost points per item where asking for the SKU, variant and location objects too cost 5: reads
 * of sales are most of a standard plan's 100 points per second. `updatedAt` (free: a scalar) orders
 * the read against stock webhooks.
 */
export const INVENTORY_AT_LOCATION = `query ChannelsInventoryAtLocation($ids: [ID!]!, $location: ID!) {
  nodes(ids: $ids) {
    ... on InventoryItem {
      id
      inventoryLevel(locationId: $location) { updatedAt quantities(names: ["available"]) { name quantity } }
    }
  }
}`;

export function inventoryBySkuQuery(version: ShopifyApiVersion): string {
  return `query ChannelsInventoryBySku($query: String!, $first: Int!, $levels: Int!) {
  productVariants(first: $first, query: $query) {
    nodes { id inventoryItem { id sku ${itemVariant(version)} ${LEVELS} } }
  }
}`;
}

/**
 * The incremental stock check: levels at one location changed since a time (Shopify's own, whole
 * seconds; the `updated_at` filter of Location.inventoryLevels), a few cost points per level.
 */
export const INVENTORY_CHANGES = `query ChannelsInventoryChanges($location: ID!, $query: String!, $first: Int!, $after: String) {
  location(id: $location) {
    inventoryLevels(first: $first, after: $after, query: $query) {
      pageInfo { hasNextPage endCursor }
      nodes { item { id } updatedAt quantities(names: ["available"]) { name quantity } }
    }
  }
}`;

/** `location` without an id is the shop's primary location. */
export const PRIMARY_LOCATION = `query ChannelsPrimaryLocation {
  location { id }
}`;

export const WEBHOOK_CREATE = `mutation ChannelsWebhookCreate($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id topic }
    userErrors { field message }
  }
}`;

/**
 * inventorySetQuantities as the version wants it (docs/channels §1.4): 2025-10 has no
 * `@idempotent` directive and takes `compareQuantity`/`ignoreCompareQuantity`; 2026-01+ takes
 * `changeFromQuantity` (required from 2026-04) and the idempotency key on the field.
 */
export function inventorySetMutation(version: ShopifyApiVersion): string {
  const idempotent = version >= '2026-01';
  return `mutation ChannelsInventorySet($input: InventorySetQuantitiesInput!${idempotent ? ', $key: String!' : ''}) {
  inventorySetQuantities(input: $input)${idempotent ? ' @idempotent(key: $key)' : ''} {
    inventoryAdjustmentGroup { id createdAt }
    userErrors { code field message }
  }
}`;
}

/**
 * A variant's SKU lives on its inventory item since 2024-04 (docs/channels/shopify.md, SKU
 * write-back): set through productVariantsBulkUpdate, one product per call, partial updates allowed
 * so one refused variant does not hold back the others.
 */
export const VARIANTS_SKU_UPDATE = `mutation ChannelsVariantsSku($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants, allowPartialUpdates: true) {
    productVariants { id inventoryItem { sku } }
    userErrors { code field message }
  }
}`;

export function allDocuments(version: ShopifyApiVersion): Record<string, string> {
  return {
    CATALOGUE_PAGE,
    PRODUCT_VARIANTS_PAGE,
    BULK_CATALOGUE,
    SHOP_CURRENCY,
    BULK_RUN,
    BULK_POLL,
    INVENTORY_BY_IDS: inventoryByIdsQuery(version),
    INVENTORY_AT_LOCATION,
    INVENTORY_BY_SKU: inventoryBySkuQuery(version),
    INVENTORY_CHANGES,
    PRIMARY_LOCATION,
    WEBHOOK_CREATE,
    INVENTORY_SET: inventorySetMutation(version),
    VARIANTS_SKU_UPDATE,
  };
}
