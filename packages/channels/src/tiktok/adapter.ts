import type { ChannelAdapter, ChannelCapabilities } from '../port/adapter';
import type {
  AuthoriseRequest,
  CallbackParams,
  ChannelCredentials,
  ChannelOrder,
  ChannelProduct,
  InventoryRef,
  ListOptions,
  SetInventoryItem,
  SkuChange,
  WebhookRequest,
} from '../port/types';
import type { FetchLike } from '../http/fetch';
import { listCataloguePage, readInventory } from './catalogue';
import { TiktokClient } from './client';
import {
  tiktokConfigSchema,
  type TiktokConfig,
  type TiktokConfigInput,
  type TiktokRuntimeOptions,
} from './config';
import { TiktokInventory } from './inventory';
import * as oauth from './oauth';
import { setTiktokSkus } from './skus';
import type { OrdersData } from './types';
import { parseTiktokWebhook, TIKTOK_EVENT_TYPES, verifyTiktokWebhook } from './webhooks';

export class TiktokAdapter implements ChannelAdapter {
  static readonly id = 'tiktok' as const;
  readonly id = TiktokAdapter.id;
  readonly capabilities: ChannelCapabilities = {
    bulkExport: false,
    compareAndSet: false,
    inventoryWebhooks: true,
    orderPolling: false,
    maxBatchSize: 100,
  };
  readonly config: TiktokConfig;
  private readonly fetch: FetchLike;
  private readonly client: TiktokClient;
  private readonly inventory: TiktokInventory;

  constructor(config: TiktokConfigInput, runtime: TiktokRuntimeOptions = {}) {
    this.config = tiktokConfigSchema.parse(config);
    this.fetch = runtime.fetch ?? ((input, init) => fetch(input, init));
    this.client = new TiktokClient(this.config, this.fetch, runtime.now ?? Date.now);
    this.inventory = new TiktokInventory(this.client);
  }

  authoriseUrl(request: AuthoriseRequest): string {
    return oauth.authoriseUrl(this.config, request);
  }

  exchangeCode(params: CallbackParams): Promise<ChannelCredentials> {
    return oauth.exchangeCode(this.config, this.fetch, this.client, params);
  }

  refresh(credentials: ChannelCredentials): Promise<ChannelCredentials> {
    return oauth.refresh(this.config, this.fetch, credentials);
  }

  listCatalogue(credentials: ChannelCredentials, options: ListOptions = {}) {
    return listCataloguePage(
      this.client,
      credentials,
      options.cursor ?? null,
      options.pageSize ?? this.config.pageSize,
      options.search,
    );
  }

  /** No bulk export on TikTok Shop: pages through everything. */
  async exportCatalogue(credentials: ChannelCredentials): Promise<ChannelProduct[]> {
    const all: ChannelProduct[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.listCatalogue(credentials, { cursor, pageSize: 100 });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  defaultLocation(credentials: ChannelCredentials): Promise<string> {
    return this.inventory.defaultWarehouse(credentials);
  }

  readInventory(credentials: ChannelCredentials, refs: InventoryRef[]) {
    return readInventory(this.client, credentials, refs);
  }

  setInventory(credentials: ChannelCredentials, items: SetInventoryItem[]) {
    return this.inventory.set(credentials, items);
  }

  /** seller_sku of listed SKUs, one Partial Edit Product call per product. */
  setSkus(credentials: ChannelCredentials, changes: SkuChange[]) {
    return setTiktokSkus(this.client, credentials, changes);
  }

  /** Orders by id; in 202309 each line item is one unit, so lines are summed per SKU. */
  async getOrders(credentials: ChannelCredentials, ids: string[]): Promise<ChannelOrder[]> {
    const out: ChannelOrder[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const data = await this.client.call<OrdersData>(credentials, 'GET', '/order/202309/orders', {
        query: { ids: ids.slice(i, i + 50).join(',') },
      });
      for (const order of data.orders) {
        const lines = new Map<string, ChannelOrder['lines'][number]>();
        for (const item of order.line_items) {
          const line = lines.get(item.sku_id) ?? {
            sku: item.seller_sku,
            externalVariantId: item.sku_id,
            externalProductId: item.product_id,
            quantity: 0,
            // Each line item is one unit at its sale price (the first item of the SKU names it).
            ...(item.sale_price && item.currency
              ? { unitPrice: { amount: item.sale_price, currency: item.currency } }
              : {}),
          };
          line.quantity += 1;
          lines.set(item.sku_id, line);
        }
        out.push({
          externalId: order.id,
          createdAt: new Date(order.create_time * 1000).toISOString(),
          updatedAt: new Date(order.update_time * 1000).toISOString(),
          status: order.status,
          lines: [...lines.values()],
        });
      }
    }
    return out;
  }

  /** Points the shop's event types at `address` (PUT /event/202309/webhooks, one call per type). */
  async registerWebhooks(
    credentials: ChannelCredentials,
    address: string,
    eventTypes: readonly string[] = TIKTOK_EVENT_TYPES,
  ): Promise<void> {
    for (const eventType of eventTypes) {
      await this.client.call(credentials, 'PUT', '/event/202309/webhooks', {
        body: { address, event_type: eventType },
      });
    }
  }

  async verifyWebhook(request: WebhookRequest): Promise<boolean> {
    return verifyTiktokWebhook(this.config, request);
  }

  parseWebhook(request: WebhookRequest) {
    return parseTiktokWebhook(this.config, request);
  }
}
