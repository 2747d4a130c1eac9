import type { ChannelAdapter, ChannelCapabilities } from '../port/adapter';
import type {
  AuthoriseRequest,
  CallbackParams,
  ChannelCredentials,
  ChannelProduct,
  InventoryChangesRequest,
  InventoryRef,
  ListOptions,
  SetInventoryItem,
  WebhookRequest,
} from '../port/types';
import type { FetchLike } from '../http/fetch';
import { matchesSearch, scanPages, searchWords } from '../port/search';
import { AppTokenCache } from './app-token';
import { listCataloguePage } from './catalogue';
import { EbayRest } from './client';
import {
  EBAY_BATCH_LIMIT,
  ebayConfigSchema,
  type EbayConfig,
  type EbayConfigInput,
  type EbayRuntimeOptions,
} from './config';
import { readInventory, setInventory } from './inventory';
import { readEbayInventoryChanges } from './inventory-changes';
import { OfferCache } from './offer-cache';
import { EbayNotificationVerifier, deletionChallenge, parseNotification } from './notifications';
import * as oauth from './oauth';
import { getOrders, listOrders } from './orders';
import { EbayNotificationSubscriber } from './subscriptions';
import type { UserResponse } from './types';

export class EbayAdapter implements ChannelAdapter {
  static readonly id = 'ebay' as const;
  readonly id = EbayAdapter.id;
  /**
   * Sales are pushed (ORDER_CONFIRMATION, see registerWebhooks) but stock edits made on eBay are
   * not, so no inventory webhooks; orders are still polled as the safety net for lost notifications.
   */
  readonly capabilities: ChannelCapabilities = {
    bulkExport: false,
    compareAndSet: false,
    inventoryWebhooks: false,
    orderPolling: true,
    maxBatchSize: EBAY_BATCH_LIMIT,
  };
  readonly config: EbayConfig;
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private readonly rest: EbayRest;
  private readonly offers: OfferCache;
  private readonly notifications: EbayNotificationVerifier;
  private readonly subscriber: EbayNotificationSubscriber;

  constructor(config: EbayConfigInput, runtime: EbayRuntimeOptions = {}) {
    this.config = ebayConfigSchema.parse(config);
    this.fetch = runtime.fetch ?? ((input, init) => fetch(input, init));
    this.now = runtime.now ?? Date.now;
    this.rest = new EbayRest(this.config, this.fetch);
    this.offers = new OfferCache(this.now);
    const appToken = new AppTokenCache(this.config, this.fetch, this.now);
    this.notifications = new EbayNotificationVerifier(this.config, this.rest, appToken, this.now);
    this.subscriber = new EbayNotificationSubscriber(this.config, this.rest, appToken);
  }

  authoriseUrl(request: AuthoriseRequest): string {
    return oauth.authoriseUrl(this.config, request);
  }

  /** Exchanges the code, then names the seller (Commerce Identity getUser) when that scope is asked for. */
  async exchangeCode(params: CallbackParams): Promise<ChannelCredentials> {
    const credentials = await oauth.exchangeCode(this.config, this.fetch, params, this.now());
    if (!this.config.scopes.some((scope) => scope.endsWith('/commerce.identity.readonly')))
      return credentials;
    const user = await this.rest.call<UserResponse>(
      credentials.accessToken,
      'GET',
      '/commerce/identity/v1/user/',
      { base: 'apiz' },
    );
    return { ...credentials, accountId: user.userId, accountName: user.username };
  }

  refresh(credentials: ChannelCredentials): Promise<ChannelCredentials> {
    return oauth.refresh(this.config, this.fetch, credentials, this.now());
  }

  /**
   * The Inventory API has no text filter: a search reads up to SEARCH_SCAN_MAX_PAGES pages of 200
   * inventory items (1,000) per call and keeps the matches (port/search.ts).
   */
  listCatalogue(credentials: ChannelCredentials, options: ListOptions = {}) {
    const pageSize = options.pageSize ?? this.config.pageSize;
    const search = options.search;
    if (search && searchWords(search).length > 0)
      return scanPages(
        (cursor) => listCataloguePage(this.rest, this.config, credentials.accessToken, cursor, 200),
        (p) =>
          matchesSearch(
            search,
            p.title,
            p.variants.map((v) => v.sku),
          ),
        { cursor: options.cursor ?? null, wanted: pageSize },
      );
    return listCataloguePage(
      this.rest,
      this.config,
      credentials.accessToken,
      options.cursor ?? null,
      pageSize,
    );
  }

  /** eBay has no bulk export in scope: pages through everything. */
  async exportCatalogue(credentials: ChannelCredentials): Promise<ChannelProduct[]> {
    const all: ChannelProduct[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.listCatalogue(credentials, { cursor, pageSize: 200 });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  readInventory(credentials: ChannelCredentials, refs: InventoryRef[]) {
    return readInventory(this.rest, credentials.accessToken, refs);
  }

  /** A page of every item's quantity (eBay has no changed-since read); `since` is not used. */
  readInventoryChanges(credentials: ChannelCredentials, request: InventoryChangesRequest) {
    return readEbayInventoryChanges(this.rest, credentials.accessToken, request.after ?? null);
  }

  setInventory(credentials: ChannelCredentials, items: SetInventoryItem[]) {
    return setInventory(this.rest, this.config, credentials.accessToken, items, this.offers);
  }

  listOrders(credentials: ChannelCredentials, options: { since: string; cursor?: string | null }) {
    return listOrders(
      this.rest,
      this.config,
      credentials.accessToken,
      options.since,
      options.cursor ?? null,
    );
  }

  getOrders(credentials: ChannelCredentials, ids: string[]) {
    return getOrders(this.rest, credentials.accessToken, ids);
  }

  /**
   * Has eBay push the seller's sales to `endpoint` (which must be the configured notification
   * endpoint, whose challenge we answer): ensures the app's destination for it and subscribes the
   * seller to ORDER_CONFIRMATION. Repeatable (reconnects); answers the two ids.
   */
  registerWebhooks(
    credentials: ChannelCredentials,
    endpoint = this.config.deletionEndpoint ?? '',
  ): Promise<{ destinationId: string; subscriptionId: string }> {
    return this.subscriber.register(credentials, endpoint);
  }

  /** Notification endpoint check (account deletion, destinations): `GET ?challenge_code=`. */
  webhookChallenge(request: WebhookRequest) {
    return deletionChallenge(this.config, request);
  }

  verifyWebhook(request: WebhookRequest): Promise<boolean> {
    return this.notifications.verify(request);
  }

  parseWebhook(request: WebhookRequest) {
    return parseNotification(request);
  }
}
