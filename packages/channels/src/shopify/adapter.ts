import type { ChannelAdapter, ChannelCapabilities } from '../port/adapter';
import { ValidationError } from '../port/errors';
import type {
  AuthoriseRequest,
  CallbackParams,
  ChangesSpending,
  ChannelCredentials,
  ChannelProduct,
  InventoryChanges,
  InventoryChangesRequest,
  InventoryRef,
  ListOptions,
  SetInventoryItem,
  SetInventoryOptions,
  SkuChange,
  WebhookRequest,
} from '../port/types';
import type { FetchLike } from '../http/fetch';
import { exportCatalogue, listCataloguePage, type CatalogueDeps } from './catalogue';
import {
  shopifyConfigSchema,
  type ShopifyConfig,
  type ShopifyConfigInput,
  type ShopifyRuntimeOptions,
} from './config';
import { changesPageCost, changesReadWaitMs } from './changes-pace';
import { ShopifyGraphql, type ThrottleStatus } from './graphql';
import { ShopifyInventory } from './inventory';
import { readInventoryChanges } from './inventory-changes';
import * as oauth from './oauth';
import { WEBHOOK_CREATE } from './queries';
import { setShopifySkus } from './skus';
import { parseShopifyWebhook, SHOPIFY_TOPICS, topicToEnum, verifyShopifyWebhook } from './webhooks';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const MUTATION_COST = 10;

export class ShopifyAdapter implements ChannelAdapter {
  static readonly id = 'shopify' as const;
  readonly id = ShopifyAdapter.id;
  readonly capabilities: ChannelCapabilities;
  readonly config: ShopifyConfig;
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private readonly graphql: ShopifyGraphql;
  private readonly inventory: ShopifyInventory;
  private readonly catalogue: CatalogueDeps;

  constructor(
    config: ShopifyConfigInput,
    runtime: ShopifyRuntimeOptions & { onDocument?: (query: string) => void } = {},
  ) {
    this.config = shopifyConfigSchema.parse(config);
    this.fetch = runtime.fetch ?? ((input, init) => fetch(input, init));
    this.now = runtime.now ?? Date.now;
    const sleep = runtime.sleep ?? sleepFor;
    this.graphql = new ShopifyGraphql({
      config: this.config,
      fetch: this.fetch,
      sleep,
      now: this.now,
      onDocument: runtime.onDocument,
    });
    this.inventory = new ShopifyInventory(this.graphql, this.config);
    this.catalogue = {
      graphql: this.graphql,
      config: this.config,
      fetch: this.fetch,
      sleep,
      now: this.now,
    };
    this.capabilities = {
      bulkExport: true,
      compareAndSet: true,
      inventoryWebhooks: true,
      orderPolling: false,
      maxBatchSize: this.config.batchSize,
    };
  }

  authoriseUrl(request: AuthoriseRequest): string {
    return oauth.authoriseUrl(this.config, request);
  }

  /** The merchant's install request to our app URL: HMAC, timestamp and shop checked. */
  verifyInstallRequest(query: Record<string, string>): boolean {
    return oauth.verifySignedQuery(this.config, query, this.now());
  }

  exchangeCode(params: CallbackParams): Promise<ChannelCredentials> {
    return oauth.exchangeCode(this.config, this.fetch, params, this.now());
  }

  refresh(credentials: ChannelCredentials): Promise<ChannelCredentials> {
    return oauth.refresh(this.config, this.fetch, credentials, this.now());
  }

  /** Last reported leaky-bucket state of the shop, for pacing. */
  throttleStatus(shop: string): ThrottleStatus | undefined {
    return this.graphql.throttleStatus(shop);
  }

  /** A mutation costs 10 points (docs/channels §1.6); the bucket refills at restoreRate per second. */
  msUntilWriteBudget(credentials: ChannelCredentials): number {
    const status = this.graphql.throttleStatus(this.session(credentials).shop);
    if (!status || status.restoreRate <= 0) return 0;
    const elapsed = Math.max(0, this.now() - status.at) / 1000;
    const available = Math.min(
      status.maximumAvailable,
      status.currentlyAvailable + status.restoreRate * elapsed,
    );
    return available >= MUTATION_COST
      ? 0
      : Math.ceil(((MUTATION_COST - available) / status.restoreRate) * 1000);
  }

  listCatalogue(credentials: ChannelCredentials, options: ListOptions = {}) {
    const { shop, token } = this.session(credentials);
    return listCataloguePage(
      this.catalogue,
      shop,
      token,
      options.cursor ?? null,
      options.pageSize ?? this.config.productsPageSize,
      options.search,
    );
  }

  exportCatalogue(credentials: ChannelCredentials): Promise<ChannelProduct[]> {
    const { shop, token } = this.session(credentials);
    return exportCatalogue(this.catalogue, shop, token);
  }

  defaultLocation(credentials: ChannelCredentials): Promise<string> {
    const { shop, token } = this.session(credentials);
    return this.inventory.primaryLocation(shop, token);
  }

  readInventory(credentials: ChannelCredentials, refs: InventoryRef[]) {
    const { shop, token } = this.session(credentials);
    return this.inventory.read(shop, token, refs);
  }

  /**
   * One page of the levels at the location (the primary one when none is named) changed since
   * `since`; its cost is the page's requested cost, reserved whatever it finds.
   */
  async readInventoryChanges(
    credentials: ChannelCredentials,
    request: InventoryChangesRequest,
  ): Promise<InventoryChanges> {
    const { shop, token } = this.session(credentials);
    const locationId = request.locationId ?? (await this.inventory.primaryLocation(shop, token));
    const first = this.config.changesPageSize;
    const page = await readInventoryChanges(this.graphql, shop, token, {
      since: request.since,
      locationId,
      after: request.after ?? null,
      first,
    });
    return { ...page, cost: changesPageCost(first) };
  }

  /** The check's pace on the shop's cost bucket (changes-pace.ts). */
  msUntilChangesRead(credentials: ChannelCredentials, spending: ChangesSpending): number {
    const status = this.graphql.throttleStatus(this.session(credentials).shop);
    const cost = changesPageCost(this.config.changesPageSize);
    return changesReadWaitMs(status, cost, spending, this.now());
  }

  setInventory(
    credentials: ChannelCredentials,
    items: SetInventoryItem[],
    options?: SetInventoryOptions,
  ) {
    const { shop, token } = this.session(credentials);
    return this.inventory.set(shop, token, items, options);
  }

  /** Variants' SKUs (on their inventory items), one call per product. */
  setSkus(credentials: ChannelCredentials, changes: SkuChange[]) {
    const { shop, token } = this.session(credentials);
    return setShopifySkus(this.graphql, shop, token, changes);
  }

  /** Subscribes the shop to our topics at `uri`; answers the created subscription ids. */
  async registerWebhooks(
    credentials: ChannelCredentials,
    uri: string,
    topics: readonly string[] = SHOPIFY_TOPICS,
  ): Promise<string[]> {
    const { shop, token } = this.session(credentials);
    const ids: string[] = [];
    for (const topic of topics) {
      const data = await this.graphql.request<{
        webhookSubscriptionCreate: {
          webhookSubscription: { id: string } | null;
          userErrors: Array<{ message: string }>;
        };
      }>(shop, token, WEBHOOK_CREATE, { topic: topicToEnum(topic), uri });
      const created = data.webhookSubscriptionCreate;
      if (!created.webhookSubscription)
        throw new ValidationError(
          `webhook ${topic}: ${created.userErrors.map((e) => e.message).join('; ')}`,
        );
      ids.push(created.webhookSubscription.id);
    }
    return ids;
  }

  async verifyWebhook(request: WebhookRequest): Promise<boolean> {
    return verifyShopifyWebhook(
      [this.config.clientSecret, ...this.config.previousClientSecrets],
      request,
    );
  }

  parseWebhook(request: WebhookRequest) {
    return parseShopifyWebhook(request);
  }

  private session(credentials: ChannelCredentials) {
    return { shop: oauth.assertShopDomain(credentials.shop), token: credentials.accessToken };
  }
}
