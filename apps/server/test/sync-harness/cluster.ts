import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createEbayEmulator,
  createShopifyEmulator,
  createTiktokEmulator,
  type EbayEmulator,
  type Faults,
  type ShopifyEmulator,
  type TiktokEmulator,
} from '@stocksync/emulators';
import { stopServer, waitForHealth } from '../../../../e2e/support/server-process';
import { approve } from '../support/channels';
import { freePort } from '../support/jobs';
// The vitest context the test helpers behind `approve` declare (for programs outside the server's, e.g. bench/).
import type {} from '../support/global-setup';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { startRoundRobinProxy, type RoundRobinProxy } from './proxy';

/**
 * A cross-channel sync cluster for the fault test and the sync-latency benchmark, all over real
 * HTTP: the Shopify, eBay and TikTok Shop emulators in this process (seeded with one catalogue, so
 * every SKU exists on all three), one or more real server processes (`tsx apps/server/src/main.ts`)
 * on one PostgreSQL database with channel credentials pointing at the emulators (not sandbox mode),
 * and a round-robin proxy in front of the servers as their APP_URL, so API calls and webhooks reach
 * every process. `startSyncCluster` signs a user in, connects the three accounts through OAuth,
 * imports every catalogue, turns sync on for every product and waits until the channels agree.
 */

export const CHANNELS = ['shopify', 'ebay', 'tiktok'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CLUSTER_SHOP = 'sync-cluster.myshopify.com';
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface SyncClusterOptions {
  /** PostgreSQL database every server process uses (already created; migrated by the servers). */
  databaseUrl: string;
  /** Server processes behind the proxy (default 1). */
  servers?: number;
  /** Catalogue products (same SKUs on every channel); see `variantsPerProduct`. */
  products: number;
  /** Average variants per product, 1 to 6 (default 3). */
  variantsPerProduct?: number;
  /** Stock every channel starts with for each SKU, before import (default 100). */
  stock?: number | ((sku: string, index: number) => number);
  /** The Shopify store's plan, which sets its API cost bucket (default standard). */
  shopifyPlan?: 'standard' | 'advanced' | 'plus' | 'enterprise';
  /** Extra server settings (SYNC_ORDER_POLL_SECONDS=1 is always set). */
  env?: Record<string, string>;
  /** Directory for server logs (default: a temp dir, removed on close unless a test failed). */
  logDir?: string;
  log?: (message: string) => void;
  /**
   * How the servers run: 'tsx' (default) runs apps/server/src/main.ts as it is now; 'dist' runs the
   * ahead-of-time build apps/server/dist/main.js as `npm start` does (build it first).
   */
  command?: 'tsx' | 'dist';
  /** Extra node flags for the 'dist' servers (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeFlags?: string[];
  /** Record every change of a channel quantity made by an API call (see QuantityChange). */
  watch?: boolean;
}

/** A channel quantity changed by a request to the emulator (a push), not by a sale. */
export interface QuantityChange {
  channel: Channel;
  sku: string;
  qty: number;
  /** Arrival time of the request that made the change (emulator request log, epoch ms). */
  at: number;
  /** When the emulator had applied it and answered. */
  appliedAt: number;
}

const preciseNow = () => performance.timeOrigin + performance.now();

export interface ServerHandle {
  index: number;
  url: string;
  process: ChildProcess | undefined;
  logFile: string;
}

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  json: T;
}

export interface SaleRecord {
  channel: Channel;
  sku: string;
  quantity: number;
  orderId: string;
  /** Epoch ms (performance clock, as the emulators' request log). */
  at: number;
}

export interface ProductVariantView {
  id: string;
  sku: string;
  available_qty: number;
}

export interface ListingView {
  variant_id: string;
  platform: Channel;
  channel_qty: number | null;
  confirmed_at: string | null;
  push_pending: boolean;
  sync_enabled: boolean;
}

export interface LedgerEntryView {
  variant_id: string;
  sku: string;
  delta: number;
  qty_before: number;
  qty_after: number;
  cause: string;
  platform: Channel | null;
  reference: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items` with at most `limit` in flight; answers the results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

export class SyncCluster {
  readonly shopify: ShopifyEmulator;
  readonly ebay: EbayEmulator;
  readonly tiktok: TiktokEmulator;
  readonly servers: ServerHandle[] = [];
  readonly sales: SaleRecord[] = [];
  /** Every SKU of the catalogue (all linked across the three channels). */
  skus: string[] = [];
  /** Master quantity of every SKU right after the channels were aligned. */
  startQty = new Map<string, number>();
  productIds: string[] = [];
  orgId = '';
  pcIds = {} as Record<Channel, string>;
  proxy!: RoundRobinProxy;
  private smtp!: SmtpCapture;
  private token = '';
  private urls = {} as Record<Channel, string>;
  private env: Record<string, string> = {};
  readonly logDir: string;
  private ownLogDir: boolean;
  readonly log: (message: string) => void;
  /** With `watch`: every quantity change the servers made on a channel, in order. */
  readonly changes: QuantityChange[] = [];
  private known: Record<Channel, Map<string, number>> = {
    shopify: new Map(),
    ebay: new Map(),
    tiktok: new Map(),
  };

  constructor(private readonly options: SyncClusterOptions) {
    const catalogue = {
      products: options.products,
      seed: 61,
      skuPrefix: 'SYNC',
      offset: 0,
      variantsPerProduct: options.variantsPerProduct ?? 3,
      missingSkuRate: 0,
    };
    this.shopify = createShopifyEmulator({
      shops: [
        {
          domain: CLUSTER_SHOP,
          ...catalogue,
          locations: 1,
          ...(options.shopifyPlan ? { plan: options.shopifyPlan } : {}),
        },
      ],
      bulkStartDelayMs: 0,
      bulkRunMs: 0,
    });
    this.ebay = createEbayEmulator({ catalogue });
    this.tiktok = createTiktokEmulator({ catalogue });
    this.ownLogDir = !options.logDir;
    this.logDir = options.logDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-sync-'));
    fs.mkdirSync(this.logDir, { recursive: true });
    this.log = options.log ?? (() => {});
    if (options.watch) for (const channel of CHANNELS) this.watch(channel);
  }

  /** After every API call to the emulator that may write, records which quantities it changed. */
  private watch(channel: Channel): void {
    this.emulator(channel).core.app.addHook('onResponse', async (request) => {
      if (request.method === 'GET' || request.url.startsWith('/_emulator')) return;
      const recorded = (request as { recorded?: { at: number } }).recorded;
      const appliedAt = preciseNow();
      const known = this.known[channel];
      for (const sku of this.skus) {
        const qty = this.channelQty(channel, sku);
        if (known.get(sku) !== qty) {
          known.set(sku, qty);
          this.changes.push({ channel, sku, qty, at: recorded?.at ?? appliedAt, appliedAt });
        }
      }
    });
  }

  /** Takes now as the start: the masters as start quantities, no sales or changes recorded. */
  async restartMeasurement(): Promise<void> {
    this.sales.length = 0;
    this.startQty = await this.masters();
    this.resetWatch();
  }

  /** Forgets recorded changes and takes the channels' current quantities as known. */
  resetWatch(): void {
    this.changes.length = 0;
    for (const channel of CHANNELS)
      for (const sku of this.skus) this.known[channel].set(sku, this.channelQty(channel, sku));
  }

  /** What a channel shows for a SKU now (O(1); read from the emulator's state). */
  channelQty(channel: Channel, sku: string): number {
    if (channel === 'ebay') return this.ebay.store.quantityOf(sku) ?? 0;
    if (channel === 'tiktok') {
      const store = this.tiktok.store;
      return store.total(store.resolve({ sellerSku: sku }).sku);
    }
    const shop = this.shopify.shop(CLUSTER_SHOP);
    let total = 0;
    for (const variant of shop.variantsBySku(sku))
      for (const level of shop.items.get(variant.inventoryItemId)?.levels.values() ?? [])
        total += level.quantities.available;
    return total;
  }

  /** Base URL of an emulator. */
  url(channel: Channel): string {
    return this.urls[channel];
  }

  emulator(channel: Channel): ShopifyEmulator | EbayEmulator | TiktokEmulator {
    return channel === 'shopify' ? this.shopify : channel === 'ebay' ? this.ebay : this.tiktok;
  }

  async startEmulators(): Promise<void> {
    const [shopify, ebay, tiktok] = await Promise.all([
      this.shopify.listen(),
      this.ebay.listen(),
      this.tiktok.listen(),
    ]);
    this.urls = { shopify, ebay, tiktok };
    this.skus = Object.keys(this.ebay.quantities()).sort();
    const stock = this.options.stock ?? 100;
    for (const [index, sku] of this.skus.entries()) {
      const qty = typeof stock === 'number' ? stock : stock(sku, index);
      this.shopify.adminSetAvailable(CLUSTER_SHOP, { sku, available: qty });
      this.ebay.setQuantity(sku, qty);
      this.tiktok.setQuantity({ sellerSku: sku, quantity: qty });
    }
    // Flush the stock-edit webhooks fired before anyone subscribed.
    await this.shopify.settle();
    await this.tiktok.core.webhooks.idle();
  }

  /** Same faults on all three emulators (API requests and outgoing webhooks). */
  setFaults(faults: Partial<Faults>): void {
    for (const channel of CHANNELS) this.emulator(channel).core.setFaults(faults);
  }

  async startServers(count: number): Promise<void> {
    this.smtp = await startSmtpCapture();
    this.proxy = await startRoundRobinProxy();
    const appUrl = this.proxy.url;
    const eb = this.ebay.settings;
    eb.acceptUrl = `${appUrl}/auth/ebay/callback`;
    eb.declineUrl = `${appUrl}/auth/ebay/callback?declined=true`;
    eb.deletion.endpoint = `${appUrl}/v1/webhooks/ebay/account-deletion`;
    const tt = this.tiktok.settings;
    tt.redirectUrl = `${appUrl}/auth/tiktok/callback`;
    this.env = {
      APP_URL: appUrl,
      DATABASE_URL: this.options.databaseUrl,
      SMTP_URL: this.smtp.url,
      LOG_LEVEL: 'info',
      APP_SECRET: 'sync-cluster-secret-sync-cluster-secret-0123456789',
      AUTH_CODE_REQUESTS_PER_IP: '1000',
      AUTH_VERIFY_ATTEMPTS_PER_IP: '1000',
      // The emulators' webhooks and the harness's API calls all come from 127.0.0.1.
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000000',
      SHOPIFY_CLIENT_ID: this.shopify.settings.app.clientId,
      SHOPIFY_CLIENT_SECRET: this.shopify.settings.app.clientSecret,
      SHOPIFY_SHOP_URL_TEMPLATE: `${this.urls.shopify}/shops/{shop}`,
      EBAY_CLIENT_ID: eb.clientId,
      EBAY_CLIENT_SECRET: eb.clientSecret,
      EBAY_RU_NAME: eb.ruName,
      EBAY_AUTH_BASE_URL: this.urls.ebay,
      EBAY_API_BASE_URL: this.urls.ebay,
      EBAY_APIZ_BASE_URL: this.urls.ebay,
      EBAY_DELETION_VERIFICATION_TOKEN: eb.deletion.verificationToken,
      TIKTOK_APP_KEY: tt.appKey,
      TIKTOK_APP_SECRET: tt.appSecret,
      TIKTOK_SERVICE_ID: tt.serviceId,
      TIKTOK_AUTHORIZE_BASE_URL: this.urls.tiktok,
      TIKTOK_AUTH_BASE_URL: this.urls.tiktok,
      TIKTOK_API_BASE_URL: this.urls.tiktok,
      SYNC_ORDER_POLL_SECONDS: '1',
      ...this.options.env,
    };
    // One after the other: the first one migrates the database.
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const handle: ServerHandle = {
        index: i,
        url: `http://127.0.0.1:${port}`,
        process: undefined,
        logFile: path.join(this.logDir, `server-${i}.log`),
      };
      this.servers.push(handle);
      await this.startServer(handle);
    }
  }

  /** Starts (or restarts) a server process and puts it back behind the proxy. */
  async startServer(handle: ServerHandle): Promise<void> {
    const port = Number(new URL(handle.url).port);
    const dataDir = path.join(this.logDir, `data-${handle.index}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const [command, args] =
      this.options.command === 'dist'
        ? [
            process.execPath,
            [
              '--enable-source-maps',
              ...(this.options.nodeFlags ?? []),
              path.join(REPO_ROOT, 'apps/server/dist/main.js'),
            ],
          ]
        : [
            path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
            [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
          ];
    const log = fs.openSync(handle.logFile, 'a');
    // Its own process group, so a SIGKILL takes tsx and the node process running the server.
    handle.process = spawn(command, args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...this.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    try {
      await waitForHealth(handle.url, handle.process, 90_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${this.logTail(handle)}`, { cause: error });
    }
    if (!this.proxy.backends.includes(handle.url)) this.proxy.backends.push(handle.url);
    this.log(`server ${handle.index} up at ${handle.url}`);
  }

  /** SIGKILL to the server's whole process group (tsx and node), without warning. */
  async killServer(handle: ServerHandle): Promise<void> {
    const child = handle.process;
    if (!child || child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    handle.process = undefined;
    this.log(`server ${handle.index} killed`);
  }

  logTail(handle: ServerHandle, chars = 4000): string {
    return fs.existsSync(handle.logFile)
      ? fs.readFileSync(handle.logFile, 'utf8').slice(-chars)
      : '';
  }

  /** Lines of every server log matching `pattern` (for diagnosing failures). */
  grepLogs(pattern: RegExp): string[] {
    return this.servers.flatMap((s) =>
      fs.existsSync(s.logFile)
        ? fs
            .readFileSync(s.logFile, 'utf8')
            .split('\n')
            .filter((line) => pattern.test(line))
        : [],
    );
  }

  /** An API call through the proxy as the signed-in user, in the organisation. */
  async api<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.orgId) headers['x-organization-id'] = this.orgId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.proxy.url}${url}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const renewed = response.headers.get('access-token');
    if (renewed) this.token = renewed;
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { text };
    }
    return { status: response.status, json: json as T };
  }

  private async expectOk<T>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    status = 200,
  ): Promise<T> {
    const answer = await this.api<T>(method, url, body);
    if (answer.status !== status)
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  async signIn(email = `sync-${Date.now()}@example.com`): Promise<void> {
    await this.expectOk('POST', '/v1/auth/login', { email });
    const code = await this.smtp.waitForCode(email, { timeoutMs: 20_000 });
    const session = await this.expectOk<{ access_token: string; user: { orgs: { id: string }[] } }>(
      'POST',
      '/v1/auth/verify',
      { email, code },
    );
    this.token = session.access_token;
    this.orgId = session.user.orgs[0]!.id;
  }

  /** Connects the three accounts through each platform's OAuth consent page. */
  async connectAll(): Promise<void> {
    const shop = await this.expectOk<{ url: string }>('POST', '/v1/platforms/shopify', {
      shop: CLUSTER_SHOP,
    });
    const query = await approve('shopify', shop.url);
    this.pcIds.shopify = (
      await this.expectOk<{ platform_connection_id: string }>(
        'POST',
        '/v1/platforms/shopify/callback',
        { query },
      )
    ).platform_connection_id;
    for (const platform of ['ebay', 'tiktok'] as const) {
      const started = await this.expectOk<{ url: string }>(
        'GET',
        `/v1/platforms/${platform}/oauth/get-url`,
      );
      const answer = await approve(platform, started.url);
      this.pcIds[platform] = (
        await this.expectOk<{ platform_connection_id: string }>(
          'POST',
          `/v1/platforms/${platform}/oauth`,
          { code: answer.code, state: answer.state },
        )
      ).platform_connection_id;
    }
  }

  /** Whole-catalogue imports, one channel after the other (variants link by SKU). */
  async importAll(timeoutMs = 120_000): Promise<void> {
    for (const channel of CHANNELS) {
      const { import_id: id } = await this.expectOk<{ import_id: string }>(
        'POST',
        `/v1/import/${channel}`,
        { pc_id: this.pcIds[channel], all: true },
        202,
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const progress = await this.expectOk<{ status: string; error?: string | null }>(
          'GET',
          `/v1/imports/${id}`,
        );
        if (progress.status === 'completed') break;
        if (progress.status === 'failed' || Date.now() > deadline)
          throw new Error(`${channel} import ${progress.status}: ${JSON.stringify(progress)}`);
        await sleep(200);
      }
      this.log(`${channel} imported`);
    }
    this.productIds = [];
    for (let page = 1; ; page++) {
      const list = await this.expectOk<{ products: { id: string }[]; total: number }>(
        'GET',
        `/v1/products?page=${page}&pageSize=100`,
      );
      this.productIds.push(...list.products.map((p) => p.id));
      if (this.productIds.length >= list.total || list.products.length === 0) break;
    }
  }

  async syncAllProducts(): Promise<void> {
    for (let i = 0; i < this.productIds.length; i += 500) {
      await this.expectOk('POST', '/v1/products/sync', {
        ids: this.productIds.slice(i, i + 500),
        is_synced: true,
      });
    }
  }

  /** Master quantity per SKU, read through GET /v1/products/{id}. */
  async masters(): Promise<Map<string, number>> {
    const details = await mapLimit(this.productIds, 8, (id) =>
      this.expectOk<{ variants: ProductVariantView[] }>('GET', `/v1/products/${id}`),
    );
    const out = new Map<string, number>();
    for (const detail of details)
      for (const v of detail.variants) if (v.sku) out.set(v.sku, v.available_qty);
    return out;
  }

  async listings(): Promise<ListingView[]> {
    const pages = await mapLimit(this.productIds, 8, (id) =>
      this.expectOk<{ listings: ListingView[] }>('GET', `/v1/products/${id}/listings`),
    );
    return pages.flatMap((p) => p.listings);
  }

  /** Every ledger entry of every product (all pages). */
  async ledger(): Promise<LedgerEntryView[]> {
    const pages = await mapLimit(this.productIds, 8, async (id) => {
      const entries: LedgerEntryView[] = [];
      for (let page = 1; ; page++) {
        const answer = await this.expectOk<{ entries: LedgerEntryView[]; total: number }>(
          'GET',
          `/v1/products/${id}/ledger?page=${page}&pageSize=100`,
        );
        entries.push(...answer.entries);
        if (entries.length >= answer.total || answer.entries.length === 0) break;
      }
      return entries;
    });
    return pages.flat();
  }

  /**
   * A push that changed the SKU but whose response has not finished yet is recorded by the watch
   * only after it; a sale in between would take the pushed quantity as its own starting point and
   * the push would never be recorded (a sale it reflected then looked unreflected). Recorded here
   * at `now`, at most the push's response time later than it happened.
   */
  private recordUnseenPush(channel: Channel, sku: string, now: number): void {
    if (!this.options.watch) return;
    const qty = this.channelQty(channel, sku);
    if (this.known[channel].get(sku) === qty) return;
    this.known[channel].set(sku, qty);
    this.changes.push({ channel, sku, qty, at: now, appliedAt: now });
  }

  /** What each channel holds now, per SKU (read from the emulators' state). */
  channelQuantities(): Record<Channel, Map<string, number>> {
    const read = (channel: Channel) =>
      new Map(this.skus.map((sku) => [sku, this.channelQty(channel, sku)]));
    return { shopify: read('shopify'), ebay: read('ebay'), tiktok: read('tiktok') };
  }

  /** A buyer orders `quantity` of `sku` on a channel (the emulator fires its webhook or order). */
  sell(channel: Channel, sku: string, quantity = 1): SaleRecord {
    const at = preciseNow();
    this.recordUnseenPush(channel, sku, at);
    let orderId: string;
    if (channel === 'shopify') {
      orderId = String(
        this.shopify.simulateSale(CLUSTER_SHOP, { lines: [{ sku, quantity }] }).orderId,
      );
    } else if (channel === 'ebay') {
      orderId = this.ebay.simulateSale({ sku, quantity }).orderId ?? '';
    } else {
      orderId = this.tiktok.simulateSale({ sellerSku: sku, quantity }).id;
    }
    const record = { channel, sku, quantity, orderId, at };
    this.sales.push(record);
    // The sale's own change is not a push: the watch must not attribute it to the next request.
    this.known[channel].set(sku, this.channelQty(channel, sku));
    return record;
  }

  /**
   * Differences between the channels and the master, and listings with a push pending; empty when
   * the cluster is quiet and aligned. `withListings: false` skips the per-product listings calls.
   */
  async drift(options: { withListings?: boolean } = {}): Promise<string[]> {
    const masters = await this.masters();
    const channels = this.channelQuantities();
    const problems: string[] = [];
    for (const sku of this.skus) {
      const master = masters.get(sku);
      if (master === undefined) {
        problems.push(`${sku}: no master`);
        continue;
      }
      for (const channel of CHANNELS) {
        const qty = channels[channel].get(sku);
        // An oversold master (below zero) is shown as 0 on the channels.
        if (qty !== Math.max(0, master))
          problems.push(`${sku}: ${channel} ${qty} != master ${master}`);
      }
    }
    if (options.withListings !== false) {
      const pending = (await this.listings()).filter((l) => l.push_pending);
      if (pending.length > 0) problems.push(`${pending.length} listings with push_pending`);
    }
    return problems;
  }

  /** Waits until drift() stays empty for `stableMs`; throws with the remaining drift on timeout. */
  async waitForQuiescence(
    options: { timeoutMs?: number; stableMs?: number; withListings?: boolean } = {},
  ): Promise<void> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    let quietSince: number | undefined;
    let problems: string[] = [];
    while (Date.now() < deadline) {
      problems = await this.drift(options);
      if (problems.length === 0) {
        quietSince ??= Date.now();
        if (Date.now() - quietSince >= (options.stableMs ?? 1500)) return;
      } else {
        quietSince = undefined;
      }
      await sleep(300);
    }
    throw new Error(
      `not quiescent after ${options.timeoutMs ?? 60_000} ms (${problems.length} problems):\n${problems
        .slice(0, 30)
        .join('\n')}`,
    );
  }

  /** Sign in, connect, import, turn sync on, wait until aligned; records the start quantities. */
  async bootstrap(alignTimeoutMs = 90_000): Promise<void> {
    await this.signIn();
    await this.connectAll();
    this.log('accounts connected');
    await this.importAll();
    this.log(`${this.productIds.length} products imported`);
    await this.syncAllProducts();
    await this.waitForQuiescence({ timeoutMs: alignTimeoutMs });
    this.startQty = await this.masters();
    this.resetWatch();
    this.log('channels aligned');
  }

  async close(options: { keepLogs?: boolean } = {}): Promise<void> {
    for (const handle of this.servers) {
      if (handle.process) await stopServer(handle.process).catch(() => undefined);
    }
    await this.proxy?.close();
    await this.smtp?.close();
    this.setFaults({ latencyMs: 0, duplicateWebhookRate: 0, dropWebhookRate: 0 });
    await Promise.all([this.shopify.close(), this.ebay.close(), this.tiktok.close()]);
    if (this.ownLogDir && !options.keepLogs)
      fs.rmSync(this.logDir, { recursive: true, force: true });
  }
}

/** Emulators, `servers` server processes and the proxy; signed in, connected, imported, aligned. */
export async function startSyncCluster(options: SyncClusterOptions): Promise<SyncCluster> {
  const cluster = new SyncCluster(options);
  try {
    await cluster.startEmulators();
    await cluster.startServers(options.servers ?? 1);
    await cluster.bootstrap();
    return cluster;
  } catch (error) {
    await cluster.close({ keepLogs: true }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\nserver logs in ${cluster.logDir}`, {
      cause: error,
    });
  }
}
