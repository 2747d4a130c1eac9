import type {
  AuthoriseRequest,
  CallbackParams,
  ChannelCredentials,
  ChannelId,
  ChannelOrder,
  ChangesSpending,
  ChannelProduct,
  ChannelWebhookEvent,
  InventoryChanges,
  InventoryChangesRequest,
  InventoryLevel,
  InventoryRef,
  ListOptions,
  OrderPage,
  Page,
  SetInventoryItem,
  SetInventoryOptions,
  SetInventoryResult,
  SetSkuResult,
  SkuChange,
  WebhookReply,
  WebhookRequest,
} from './types';

/** What a channel can do beyond the common core, so callers pick the right path. */
export interface ChannelCapabilities {
  /** exportCatalogue runs a server-side bulk export (else it pages). */
  bulkExport: boolean;
  /** setInventory honours compareQuantity. */
  compareAndSet: boolean;
  /** Sales and stock changes arrive as webhooks. */
  inventoryWebhooks: boolean;
  /** Sales must be polled with listOrders. */
  orderPolling: boolean;
  /** Largest batch setInventory sends in one call (bigger batches are split). */
  maxBatchSize: number;
}

/**
 * One sales channel. HTTP and mapping only: no database, no retry loops (errors are typed, see
 * errors.ts). Credentials travel with every call so one adapter instance serves every connection.
 */
export interface ChannelAdapter {
  readonly id: ChannelId;
  readonly capabilities: ChannelCapabilities;

  /** Where to send the seller to grant access. */
  authoriseUrl(request: AuthoriseRequest): string;
  /** Checks the callback (state, and the channel's signature where it has one) and trades the code for tokens. */
  exchangeCode(params: CallbackParams): Promise<ChannelCredentials>;
  /** New access token (and, where the channel rotates, a new refresh token: store it). */
  refresh(credentials: ChannelCredentials): Promise<ChannelCredentials>;

  /** One page of the catalogue, cursor-paged. */
  listCatalogue(
    credentials: ChannelCredentials,
    options?: ListOptions,
  ): Promise<Page<ChannelProduct>>;
  /** The whole catalogue (bulk export where the channel has one). */
  exportCatalogue(credentials: ChannelCredentials): Promise<ChannelProduct[]>;

  /**
   * The location (Shopify) or warehouse (TikTok) that sync manages when a ref names none: where
   * setInventory writes by default. Absent for channels with a single quantity per item (eBay).
   */
  defaultLocation?(credentials: ChannelCredentials): Promise<string>;
  /** Available quantities of the given refs (one level per ref and location). */
  readInventory(credentials: ChannelCredentials, refs: InventoryRef[]): Promise<InventoryLevel[]>;
  /**
   * One page of the stock that may have changed on the channel since `request.since`, read the
   * cheapest way the channel offers: Shopify's levels at the location filtered by `updated_at`;
   * eBay, which has no such filter, every item's quantity at 200 a call. One call reads one page,
   * so the caller can let the account's pushes run between pages; `next` continues the pass. Sync
   * compares them with what it knows (docs/decisions/0054).
   */
  readInventoryChanges?(
    credentials: ChannelCredentials,
    request: InventoryChangesRequest,
  ): Promise<InventoryChanges>;
  /**
   * Milliseconds until the incremental check may read its next page without taking more than its
   * share of the account's API budget, given what its pass has spent (Shopify: half the bucket's
   * restore rate over the pass, and the bucket still half full after the page's reservation); 0
   * when it may, or the channel has no such budget. The check waits; the pushes do not.
   */
  msUntilChangesRead?(credentials: ChannelCredentials, spending: ChangesSpending): number;
  /** Absolute quantities, batched; one result per item, in input order. */
  setInventory(
    credentials: ChannelCredentials,
    items: SetInventoryItem[],
    options?: SetInventoryOptions,
  ): Promise<SetInventoryResult[]>;

  /**
   * Writes each listing's SKU; one result per change, in input order. Absent where a listing's SKU
   * cannot be changed (eBay: it is the inventory item's key, docs/channels/ebay.md).
   */
  setSkus?(credentials: ChannelCredentials, changes: SkuChange[]): Promise<SetSkuResult[]>;

  /** Orders changed since `since` (ISO), for channels without sale webhooks. */
  listOrders?(
    credentials: ChannelCredentials,
    options: { since: string; cursor?: string | null },
  ): Promise<OrderPage>;
  /** Full orders by id (a webhook may name only the order). */
  getOrders?(credentials: ChannelCredentials, ids: string[]): Promise<ChannelOrder[]>;

  /**
   * Milliseconds until the account's API budget has room for a write (Shopify's cost bucket); 0
   * when it has, or the channel has no such budget. Callers wait this long before choosing what to
   * send, so that what accumulates meanwhile goes in the same call instead of being refused.
   */
  msUntilWriteBudget?(credentials: ChannelCredentials): number;

  /** A request the endpoint must answer itself (eBay's GET challenge); null for a normal delivery. */
  webhookChallenge?(request: WebhookRequest): WebhookReply | null;
  /** True when the signature over the raw body is valid. Never parse before this. */
  verifyWebhook(request: WebhookRequest): Promise<boolean>;
  /** Normalises a verified delivery. */
  parseWebhook(request: WebhookRequest): ChannelWebhookEvent;
}
