/** Normalised shapes every adapter speaks; no vendor type appears here. */

export type ChannelId = 'shopify' | 'ebay' | 'tiktok';

export interface ChannelCredentials {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms when the access token expires (absent = does not expire). */
  expiresAt?: number;
  refreshTokenExpiresAt?: number;
  scopes?: string[];
  /** Shopify: `{shop}.myshopify.com`. */
  shop?: string;
  /** TikTok: the shop cipher every shop-scoped call sends. */
  shopCipher?: string;
  /** TikTok: shop id (webhooks name the shop by id). */
  shopId?: string;
  /** The seller's account on the channel (eBay userId, TikTok open_id, Shopify shop). */
  accountId?: string;
  accountName?: string;
}

export interface AuthoriseRequest {
  /** Opaque anti-CSRF value the callback must echo. */
  state: string;
  /** Shopify: which store. */
  shop?: string;
}

export interface CallbackParams {
  /** Every query parameter of the redirect back to us. */
  query: Record<string, string>;
  /** The state we stored when redirecting; compared constant-time. */
  expectedState: string;
}

export interface ChannelVariant {
  externalId: string;
  /** Empty string when the channel has no SKU for it. */
  sku: string;
  title: string;
  optionValues: string[];
  /** Decimal string in the listing currency. */
  price: string;
  /** ISO 4217 code of the listing currency, when the channel says (TikTok "GBP"). */
  currency?: string;
  inventoryItemId?: string;
  /** Available quantity summed over locations. */
  quantity: number;
}

export interface ChannelProduct {
  externalId: string;
  title: string;
  variants: ChannelVariant[];
}

export interface Page<T> {
  items: T[];
  /** Pass back to get the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ListOptions {
  cursor?: string | null;
  pageSize?: number;
  /**
   * Only products whose title contains every word, or with a SKU equal to the whole search
   * (port/search.ts). Pass the same search with the cursor it answered. Channels without a text
   * filter scan a bounded number of pages per call, so a page may be short or empty with a cursor.
   */
  search?: string;
}

export interface InventoryRef {
  externalVariantId?: string;
  sku?: string;
  inventoryItemId?: string;
  /** Shopify location gid, TikTok warehouse id; absent = the channel's default. */
  locationId?: string;
  /** TikTok: the product the SKU belongs to (inventory is updated per product). */
  externalProductId?: string;
}

export interface InventoryLevel extends InventoryRef {
  available: number;
  /** The channel's time of the level's last change, where it tells (Shopify: whole seconds). */
  updatedAt?: string;
}

/** One read of an incremental stock check (ChannelAdapter.readInventoryChanges). */
export interface InventoryChangesRequest {
  /** Changes at or after this time (the channel's own: a previous answer's `until`). */
  since: string;
  /** Shopify: the location read (the primary one when absent). */
  locationId?: string;
  /** Where the previous page of the same pass ended (its answer's `next`); absent: the first. */
  after?: string | null;
}

/** What one read of an incremental stock check found: one page, at most (docs/decisions/0054). */
export interface InventoryChanges {
  /** Levels that may have changed (some may equal what the caller knows). */
  levels: InventoryLevel[];
  /** The newest change time answered, else `since`; null when the channel gives none (eBay). */
  until: string | null;
  /** More to read: pass it as the next request's `after` (same `since` and location); else null. */
  next: string | null;
  /** What the read took of the account's API budget (Shopify: cost points); 0 where it has none. */
  cost: number;
}

/** What a pass of the incremental check has spent so far (ChannelAdapter.msUntilChangesRead). */
export interface ChangesSpending {
  /** The `cost` of the pass's reads so far. */
  spent: number;
  /** Milliseconds since the pass began (the caller's clock). */
  elapsedMs: number;
  /** The check's interval: a pass's share of the budget is counted over at least this long. */
  periodMs: number;
}

export interface SetInventoryItem {
  ref: InventoryRef;
  quantity: number;
  /** Compare-and-set: only apply if the channel still holds this quantity. */
  compareQuantity?: number;
}

export type SetInventoryResult =
  | {
      ref: InventoryRef;
      status: 'ok';
      /** The channel's time of the change, where it tells (Shopify: whole seconds). */
      at?: string;
    }
  | {
      ref: InventoryRef;
      status: 'conflict';
      /** What the channel holds instead (null: could not be read). */
      actual: number | null;
      /** The channel's time of `actual`, where it tells (Shopify: whole seconds). */
      actualAt?: string;
      message: string;
    }
  | { ref: InventoryRef; status: 'error'; retryable: boolean; message: string; code?: string };

/** A listing's new SKU (ChannelAdapter.setSkus); the ref names the product and variant. */
export interface SkuChange {
  ref: InventoryRef;
  sku: string;
}

export type SetSkuResult =
  | { ref: InventoryRef; status: 'ok' }
  | { ref: InventoryRef; status: 'error'; retryable: boolean; message: string; code?: string };

export interface SetInventoryOptions {
  /** Same key for a retry of the same batch (used where the channel supports idempotency). */
  idempotencyKey?: string;
  /** Why the quantity changed (shown in the channel's history where supported). */
  reason?: string;
  /** A URI naming our job (Shopify referenceDocumentUri). */
  referenceDocumentUri?: string;
}

export type WebhookKind = 'inventory' | 'order' | 'product' | 'uninstalled' | 'deletion' | 'other';

export interface WebhookItem {
  ref: InventoryRef;
  /** New available quantity when the channel reports one. */
  available?: number;
  /** The channel's time of that quantity (Shopify stock events: whole seconds). */
  updatedAt?: string;
  /** Units sold (orders). */
  quantity?: number;
}

export interface ChannelWebhookEvent {
  /** Stable across redeliveries: the idempotency key for processing. */
  eventId: string;
  topic: string;
  kind: WebhookKind;
  /** Shop domain / shop id / user id the event is about. */
  account?: string;
  occurredAt?: string;
  /** Order id for order events, product id for product events. */
  resourceId?: string;
  /** The channel's own name of that order where it differs from its id (Shopify "#1003"). */
  resourceName?: string;
  /**
   * A new order (Shopify orders/create, not a cancellation or an edit): when the channel created
   * it, so its lines are sales made then.
   */
  orderCreatedAt?: string;
  items: WebhookItem[];
  /** The parsed body, for handlers that need more. */
  payload: unknown;
}

export interface WebhookRequest {
  /** Header names in any case. */
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received; signatures cover them. */
  rawBody: string | Uint8Array;
  /** Full URL (or path and query) the request came to, for GET challenges. */
  url?: string;
}

/** What the HTTP handler should answer right away (eBay challenge). */
export interface WebhookReply {
  status: number;
  body?: unknown;
}

export interface OrderLine {
  sku: string;
  externalVariantId?: string;
  externalProductId?: string;
  quantity: number;
  /** What one unit sold for, as the channel reports it (absent when it reports none). */
  unitPrice?: { amount: string; currency: string };
}

export interface ChannelOrder {
  externalId: string;
  createdAt: string;
  updatedAt: string;
  status: string;
  lines: OrderLine[];
}

export interface OrderPage {
  orders: ChannelOrder[];
  nextCursor: string | null;
}

export interface BulkExport {
  products: ChannelProduct[];
}
