import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createQueue, type Queue } from '../../src/jobs/queue';
import { freePort, runDueJobs } from '../support/jobs';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import {
  connectOAuth,
  connectShopify,
  DEMO_SHOP,
  startTestChannels,
  type TestChannels,
} from '../support/channels';
import { orgCall } from './catalog-fixtures';
import { linkedVariants } from '../support/synced-org';
import { PushesRepository } from '../../src/modules/sync/pushes-repository';
import { StockRepository } from '../../src/modules/sync/stock-repository';

/**
 * Stock sync end to end through the three emulators over real HTTP: one organisation with the
 * three accounts connected and their catalogues imported (SKUs shared across channels link the
 * variants), sync on. Each test starts from every channel equal to the master.
 */

// Each test waits for webhooks and jobs to settle; generous on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let ch: TestChannels;
let queue: Queue;
let user: SignedInUser;
const pc = { shopify: '', ebay: '', tiktok: '' };
type Platform = keyof typeof pc;

interface Linked {
  variantId: string;
  productId: string;
  sku: string;
}
/** Variants listed on all three channels. */
let linked: Linked[] = [];

const runJobs = () => runDueJobs(t);

async function webhooksDelivered() {
  await Promise.all([ch.shopify.settle(), ch.tiktok.core.webhooks.idle()]);
}

/** Delivers webhooks and runs due jobs until no listing has work left. */
async function quiesce() {
  for (let round = 0; round < 30; round++) {
    await webhooksDelivered();
    await runJobs();
    await webhooksDelivered();
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM channel_listings
      WHERE (push_pending OR check_pending) AND organization_id = ${user.firstOrgId}`.execute(
      t.db.db,
    );
    const due = await sql<{ n: string }>`
      SELECT count(*) AS n FROM graphile_worker.jobs
      WHERE run_at <= now() AND task_identifier LIKE 'sync%' AND attempts < max_attempts`.execute(
      t.db.db,
    );
    if (Number(rows[0]!.n) === 0 && Number(due.rows[0]!.n) === 0) return;
  }
  throw new Error('sync did not settle');
}

async function pollEbay() {
  await t.app.services.sync.orders.poll(pc.ebay);
}

async function master(variantId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('product_variants')
    .select('available_qty')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.available_qty;
}

/** What the channel itself holds for the variant's listing (read through the adapter). */
async function onChannel(platform: Platform, variantId: string): Promise<number> {
  const listing = await t.db.db
    .selectFrom('channel_listings')
    .selectAll()
    .where('connection_id', '=', pc[platform])
    .where('variant_id', '=', variantId)
    .executeTakeFirstOrThrow();
  const credentials = await t.app.services.connections.credentials(pc[platform]);
  const adapter = ch.channels[platform].adapter;
  const levels = await adapter.readInventory(credentials, [
    {
      externalVariantId: listing.external_variant_id,
      externalProductId: listing.external_product_id,
      ...(listing.external_inventory_item_id
        ? { inventoryItemId: listing.external_inventory_item_id }
        : {}),
      ...(listing.external_location_id ? { locationId: listing.external_location_id } : {}),
    },
  ]);
  const level = levels.find(
    (l) =>
      !listing.external_location_id ||
      !l.locationId ||
      l.locationId === listing.external_location_id,
  );
  if (!level) throw new Error(`no level for ${variantId} on ${platform}`);
  return level.available;
}

async function everywhere(variantId: string) {
  return {
    master: await master(variantId),
    shopify: await onChannel('shopify', variantId),
    ebay: await onChannel('ebay', variantId),
    tiktok: await onChannel('tiktok', variantId),
  };
}

const NO_FAULTS = {
  latencyMs: 0,
  rateLimitRate: 0,
  serverErrorRate: 0,
  timeoutRate: 0,
  dropWebhookRate: 0,
  duplicateWebhookRate: 0,
};

const equalTo = (n: number) => ({ master: n, shopify: n, ebay: n, tiktok: n });

async function ledger(variantId: string) {
  return t.db.db
    .selectFrom('inventory_ledger')
    .selectAll()
    .where('variant_id', '=', variantId)
    .orderBy('id')
    .execute();
}

async function importAll(platform: Platform) {
  const started = await orgCall(t, user, 'POST', `/v1/import/${platform}`, {
    pc_id: pc[platform],
    all: true,
  });
  expect(started.statusCode).toBe(202);
  await runJobs();
}

let pick = 0;
/** A linked variant not used by an earlier test, with stock to sell. */
async function freshVariant(minimum = 5): Promise<Linked> {
  for (;;) {
    const candidate = linked[pick++ % linked.length]!;
    if ((await master(candidate.variantId)) >= minimum) return candidate;
    if (pick > linked.length * 2) throw new Error('no linked variant with stock left');
  }
}

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  ch = await startTestChannels({
    appUrl: base,
    // Throttles surface at once (the sync job's own short retries handle them in tests).
    overrides: { shopify: { bulkPollIntervalMs: 20, throttleRetries: 0 } },
  });
  t = await createTestApp({
    channels: ch.channels,
    config: { APP_URL: base },
    // Two reads in a row are enough to trust a drift in tests (no waiting).
    syncSettings: { driftSettleMs: 0, retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 } },
  });
  queue = await createQueue(t.db.pool);
  await t.app.listen({ port, host: '127.0.0.1' });

  user = await signIn(t);
  pc.shopify = await connectShopify(t, user);
  pc.ebay = await connectOAuth(t, user, 'ebay');
  pc.tiktok = await connectOAuth(t, user, 'tiktok');
  for (const platform of ['shopify', 'ebay', 'tiktok'] as const) await importAll(platform);

  linked = await linkedVariants(t.db.db, user.firstOrgId);
  expect(linked.length).toBeGreaterThanOrEqual(6);

  const productIds = [...new Set(linked.map((l) => l.productId))];
  const on = await orgCall(t, user, 'POST', '/v1/products/sync', {
    ids: productIds,
    is_synced: true,
  });
  expect(on.statusCode).toBe(200);
  await pollEbay(); // starts the eBay order watch
  await quiesce();
}, 120_000);

afterAll(async () => {
  await queue?.close();
  await t?.close();
  await ch?.close();
});

beforeEach(() => {
  for (const emulator of [ch.shopify, ch.ebay, ch.tiktok]) emulator.core.setFaults(NO_FAULTS);
});

describe('turning sync on', () => {
  it('starts with each imported variant at its imported quantity in the stock history', async () => {
    const first = (await ledger(linked[1]!.variantId))[0];
    expect(first).toMatchObject({ cause: 'import', qty_before: 0, connection_id: pc.shopify });
    expect(first!.qty_after).toBe(first!.delta);
  });

  it('aligns every channel to the master', async () => {
    for (const { variantId } of linked.slice(0, 3)) {
      const now = await everywhere(variantId);
      expect(now).toEqual(equalTo(now.master));
    }
  });

  it('previews what would change, then aligns the channels when sync is turned on', async () => {
    const { variantId, productId } = linked[0]!;
    await orgCall(t, user, 'POST', '/v1/products/sync', { ids: [productId], is_synced: false });
    const before = await master(variantId);
    // While the product is not synced, a quantity edit stays in StockSync.
    await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      variant_id: variantId,
      quantity: before + 7,
    });
    await quiesce();
    expect(await onChannel('ebay', variantId)).toBe(before);

    const preview = await orgCall(t, user, 'POST', '/v1/products/sync-preview', {
      ids: [productId],
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<{ changes: Array<Record<string, unknown>>; total_changes: number }>();
    const mine = body.changes.filter((c) => c.variant_id === variantId);
    expect(mine.map((c) => c.platform).sort()).toEqual(['ebay', 'shopify', 'tiktok']);
    for (const change of mine)
      expect(change).toMatchObject({ master_qty: before + 7, channel_qty: before });
    expect(body.total_changes).toBeGreaterThanOrEqual(3);
    expect(await everywhere(variantId)).toMatchObject({ master: before + 7, ebay: before });

    await orgCall(t, user, 'POST', '/v1/products/sync', { ids: [productId], is_synced: true });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(before + 7));
  });

  it('answers 404 naming ids for products of another organisation', async () => {
    const other = await signIn(t);
    const answer = await orgCall(t, other, 'POST', '/v1/products/sync-preview', {
      ids: [linked[0]!.productId],
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().field).toBe('ids');
  });
});

describe('sales and edits on channels', () => {
  it('a sale on Shopify reaches eBay and TikTok Shop, recorded once in the ledger', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 2 }] });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 2));
    const entries = (await ledger(variantId)).filter((e) => e.cause === 'order');
    expect(entries.at(-1)).toMatchObject({
      delta: -2,
      qty_before: start,
      qty_after: start - 2,
      connection_id: pc.shopify,
    });
  });

  /**
   * Sells one unit of the variant on Shopify and, once the read of that sale has its answer but
   * before it is recorded, runs `meanwhile` and waits for its webhooks. The listing's time on
   * Shopify is made unknown first (as after an import), so the sale is read, not taken from its
   * webhook's report. Answers the sale's order id.
   */
  async function sellDuringRead(
    variantId: string,
    sku: string,
    meanwhile: () => void,
  ): Promise<number> {
    await sql`UPDATE channel_listings SET channel_at = NULL
              WHERE variant_id = ${variantId} AND connection_id = ${pc.shopify}`.execute(t.db.db);
    const adapter = ch.channels.shopify.adapter;
    const read = adapter.readInventory.bind(adapter);
    let ran = false;
    const spy = vi.spyOn(adapter, 'readInventory').mockImplementation(async (...args) => {
      const levels = await read(...args);
      if (!ran) {
        ran = true;
        meanwhile();
        await webhooksDelivered();
      }
      return levels;
    });
    try {
      const { orderId } = ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
      await quiesce();
      expect(ran, 'the sale was read').toBe(true);
      return orderId;
    } finally {
      spy.mockRestore();
    }
  }

  it('a second sale whose webhook arrives while the first is being read is read too', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    // Its webhooks make a check request the first read must not clear.
    await sellDuringRead(variantId, sku, () =>
      ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] }),
    );
    expect(await everywhere(variantId)).toEqual(equalTo(start - 2));
  });

  it('a stock edit webhook arriving while a sale is read is not named after that order', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    // The seller restocks on Shopify: a stock webhook naming no order, whose check outlives the read.
    const orderId = await sellDuringRead(variantId, sku, () =>
      ch.shopify.adminSetAvailable(DEMO_SHOP, { sku, available: start + 4 }),
    );
    expect(await everywhere(variantId)).toEqual(equalTo(start + 4));
    const naming = (await ledger(variantId)).filter((e) =>
      (e.reference ?? '').includes(String(orderId)),
    );
    expect(naming.length, 'entries named after the order').toBeLessThanOrEqual(1);
  });

  it('a duplicated webhook is applied once', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    const ledgerBefore = (await ledger(variantId)).length;
    ch.shopify.core.setFaults({ duplicateWebhookRate: 1 });
    ch.tiktok.core.setFaults({ duplicateWebhookRate: 1 });
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 2));
    expect((await ledger(variantId)).length).toBe(ledgerBefore + 2);
  });

  it('a dropped webhook is repaired by reconciliation', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    ch.shopify.core.setFaults({ dropWebhookRate: 1 });
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    await quiesce();
    expect(await master(variantId)).toBe(start); // nothing told us yet
    ch.shopify.core.setFaults(NO_FAULTS);
    const answer = await orgCall(t, user, 'POST', '/v1/sync/reconcile', {});
    expect(answer.statusCode).toBe(202);
    expect(answer.json().queued).toBe(3);
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 1));
    expect((await ledger(variantId)).at(-1)).toMatchObject({ cause: 'reconciliation', delta: -1 });
  });

  it('a stock edit made on eBay is picked up and pushed to the others', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    ch.ebay.setQuantity(sku, start + 10);
    await orgCall(t, user, 'POST', '/v1/sync/reconcile', { pc_id: pc.ebay });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start + 10));
    expect((await ledger(variantId)).at(-1)).toMatchObject({
      cause: 'reconciliation',
      delta: 10,
      connection_id: pc.ebay,
    });
  });

  it('a stock edit made on TikTok Shop arrives by webhook and is applied', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    ch.tiktok.setQuantity({ sellerSku: sku, quantity: start - 3 });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 3));
    expect((await ledger(variantId)).at(-1)).toMatchObject({ cause: 'channel_edit', delta: -3 });
  });

  it.each([
    ['after its answer is recorded', false],
    ['before its answer is recorded', true],
  ])('our own push coming back as a webhook %s does not start a loop', async (_, early) => {
    const { variantId, sku } = await freshVariant();
    const echoesBefore = ch.shopify
      .deliveries()
      .filter((d) => d.topic === 'inventory_levels/update').length;
    const adapter = ch.channels.shopify.adapter;
    const setInventory = adapter.setInventory.bind(adapter);
    // Shopify may deliver the webhook before its mutation's answer reaches us.
    const spy = vi.spyOn(adapter, 'setInventory').mockImplementation(async (...args) => {
      const results = await setInventory(...args);
      if (early) await webhooksDelivered();
      return results;
    });
    try {
      ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
      await quiesce();
    } finally {
      spy.mockRestore();
    }
    const ledgerAfter = (await ledger(variantId)).length;
    const shopifyWrites = () =>
      ch.shopify.core.recorder
        .list()
        .filter((r) => JSON.stringify(r.body ?? '').includes('inventorySetQuantities')).length;
    const writes = shopifyWrites();
    // The push to Shopify fired inventory_levels/update back at us; deliver and run everything.
    await quiesce();
    await quiesce();
    expect((await ledger(variantId)).length).toBe(ledgerAfter);
    expect(shopifyWrites()).toBe(writes);
    const echoes = ch.shopify
      .deliveries()
      .filter((d) => d.topic === 'inventory_levels/update')
      .slice(echoesBefore);
    expect(echoes.length).toBeGreaterThan(0);
    // Acknowledged without a write: not even recorded as a processed event.
    const recorded = await t.db.db
      .selectFrom('processed_webhook_events')
      .select('event_id')
      .where('provider', '=', 'shopify')
      .where(
        'event_id',
        'in',
        echoes.map((d) => d.eventId),
      )
      .execute();
    expect(recorded).toEqual([]);
  });

  it('a Shopify sale is not written back to Shopify: it holds the new quantity already', async () => {
    // (TikTok and eBay cannot compare-and-set: a listing that sold within a minute of our last
    // push to it is pushed again, in case that push overwrote the channel's own decrement.)
    const shopifyWrites = () =>
      ch.shopify.core.recorder
        .list()
        .filter((r) => JSON.stringify(r.body ?? '').includes('inventorySetQuantities')).length;
    const tiktokWrites = () =>
      ch.tiktok.core.recorder
        .list()
        .filter((r) => r.method === 'POST' && r.path.includes('/inventory/update')).length;
    const { variantId, sku } = await freshVariant();
    await quiesce();
    const start = await master(variantId);
    const pushRequests = async () =>
      Object.fromEntries(
        (
          await t.db.db
            .selectFrom('channel_listings')
            .select(['connection_id', 'push_seq'])
            .where('variant_id', '=', variantId)
            .execute()
        ).map((r) => [r.connection_id, Number(r.push_seq)]),
      );
    const before = { shopify: shopifyWrites(), tiktok: tiktokWrites(), seqs: await pushRequests() };
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 1));
    expect(shopifyWrites()).toBe(before.shopify);
    expect(tiktokWrites()).toBeGreaterThan(before.tiktok);
    // Not even asked for: only the listings that differ from the new master were flagged.
    const seqs = await pushRequests();
    expect(seqs[pc.shopify]).toBe(before.seqs[pc.shopify]);
    expect(seqs[pc.tiktok]).toBe(before.seqs[pc.tiktok]! + 1);
  });

  it('a TikTok sale soon after our push to that listing is re-read, not blindly written back', async () => {
    const tiktokWrites = () =>
      ch.tiktok.core.recorder
        .list()
        .filter((r) => r.method === 'POST' && r.path.includes('/inventory/update')).length;
    const { variantId, sku } = await freshVariant(); // just aligned: pushed to seconds ago
    await quiesce();
    const start = await master(variantId);
    const before = tiktokWrites();
    ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 1));
    // The read found TikTok holding the new quantity (its own decrement): nothing to write.
    expect(tiktokWrites()).toBe(before);
  });

  it('concurrent sales of the same variant on all three channels all count', async () => {
    const { variantId, sku } = await freshVariant(6);
    const start = await master(variantId);
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    ch.ebay.simulateSale({ sku, quantity: 2 });
    ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
    await pollEbay();
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 4));
    const last = (await ledger(variantId)).slice(-3);
    expect(last.reduce((sum, e) => sum + e.delta, 0)).toBe(-4);
    // eBay and TikTok report orders; a Shopify sale is labelled by whichever webhook came first.
    expect(last.filter((e) => e.cause === 'order').length).toBeGreaterThanOrEqual(2);
  });

  it('a sale found by polling eBay is applied once however often it is polled', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    ch.ebay.simulateSale({ sku, quantity: 1 });
    await pollEbay();
    await pollEbay();
    await quiesce();
    await pollEbay();
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 1));
  });

  it('an order seen again is skipped without waiting for its busy variant', async () => {
    const { variantId, sku } = await freshVariant();
    ch.ebay.simulateSale({ sku, quantity: 1 });
    await pollEbay();
    await quiesce();
    // Another sale of the variant holds its row lock; the next poll reads the same order again.
    const busy = await t.db.pool.connect();
    try {
      await busy.query('BEGIN');
      await busy.query('SELECT 1 FROM product_variants WHERE id = $1 FOR UPDATE', [variantId]);
      const outcome = await Promise.race([
        pollEbay().then(() => 'done'),
        new Promise((resolve) => setTimeout(() => resolve('waited for the lock'), 5_000)),
      ]);
      expect(outcome).toBe('done');
    } finally {
      await busy.query('ROLLBACK');
      busy.release();
    }
  });

  it('completes under 429 and 5xx answers from every channel', async () => {
    const { variantId, sku } = await freshVariant();
    const start = await master(variantId);
    for (const emulator of [ch.shopify, ch.ebay, ch.tiktok])
      emulator.core.setFaults({ rateLimitRate: 0.2, serverErrorRate: 0.2 });
    ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
    for (let round = 0; round < 40; round++) {
      await webhooksDelivered();
      await runJobs();
      // A job that gave up for now is due again after its back-off: make it due at once.
      const retried = await sql<{ id: string }>`
        SELECT id FROM graphile_worker.reschedule_jobs(ARRAY(
          SELECT id FROM graphile_worker.jobs
          WHERE attempts > 0 AND task_identifier LIKE 'sync%'), run_at := now())`.execute(t.db.db);
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM channel_listings
        WHERE (push_pending OR check_pending) AND organization_id = ${user.firstOrgId}`.execute(
        t.db.db,
      );
      if (Number(rows[0]!.n) === 0 && retried.rows.length === 0) break;
    }
    for (const emulator of [ch.shopify, ch.ebay, ch.tiktok]) emulator.core.setFaults(NO_FAULTS);
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start - 2));
    expect((await ledger(variantId)).slice(-2).map((e) => e.delta)).toEqual([-1, -1]);
  }, 120_000);
});

describe('editing the quantity in StockSync', () => {
  it('sets the master, records who did it and pushes it to every channel', async () => {
    const { variantId, productId } = await freshVariant();
    const answer = await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      variant_id: variantId,
      quantity: 42,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().variant).toMatchObject({ id: variantId, available_qty: 42 });
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(42));

    const history = await orgCall(t, user, 'GET', `/v1/products/${productId}/ledger?pageSize=5`);
    expect(history.statusCode).toBe(200);
    expect(history.json().entries[0]).toMatchObject({
      variant_id: variantId,
      cause: 'manual',
      qty_after: 42,
      user_email: user.email,
    });
    const listings = await orgCall(t, user, 'GET', `/v1/products/${productId}/listings`);
    const mine = listings
      .json<{ listings: Array<Record<string, unknown>> }>()
      .listings.filter((l) => l.variant_id === variantId);
    expect(mine).toHaveLength(3);
    for (const listing of mine) {
      expect(listing).toMatchObject({ channel_qty: 42, push_pending: false });
      expect(listing.confirmed_at).toEqual(expect.any(String));
    }
    const before = history.json().entries[0].qty_before as number;
    const variant = await t.db.db
      .selectFrom('product_variants as pv')
      .innerJoin('products as p', 'p.id', 'pv.product_id')
      .select(['pv.title', 'pv.sku', 'p.title as product_title'])
      .where('pv.id', '=', variantId)
      .executeTakeFirstOrThrow();
    const activity = await orgCall(t, user, 'GET', '/v1/activity_logs');
    const change = `${42 - before >= 0 ? '+' : ''}${42 - before}`;
    const entries = activity.json<{ activities: Array<{ note: string }> }>().activities;
    expect(
      entries.find((e) => e.note.includes(`(SKU ${variant.sku}): ${before} → 42`)),
    ).toMatchObject({
      activity: 'Stock changed',
      note: `'${variant.product_title}' / '${variant.title}' (SKU ${variant.sku}): ${before} → 42 (${change}), edited in StockSync`,
      status: 'info',
      user_email: user.email,
    });
  });

  it('a push that reached Shopify but was never recorded (its process died) is not read as a change there', async () => {
    const first = await freshVariant();
    const second = await freshVariant();
    const target = (await master(first.variantId)) - 1;
    for (const [variant, quantity] of [
      [first, target],
      [second, (await master(second.variantId)) - 1],
    ] as const) {
      const answer = await orgCall(t, user, 'POST', '/v1/variants/quantity', {
        variant_id: variant.variantId,
        quantity,
      });
      expect(answer.statusCode).toBe(200);
    }
    // What a sync job that was killed mid-push leaves behind: its batch journalled and written
    // on Shopify, the answer never recorded. The next job's batch (both variants) is another
    // request, so only the journal lets Shopify recognise our own write.
    const listing = await t.db.db
      .selectFrom('channel_listings')
      .selectAll()
      .where('connection_id', '=', pc.shopify)
      .where('variant_id', '=', first.variantId)
      .executeTakeFirstOrThrow();
    const key = `killed-${listing.id}`;
    await new PushesRepository(t.db.db).startPushBatch(key, pc.shopify, [
      {
        listing_id: listing.id,
        quantity: target,
        compare: listing.channel_qty,
        seq: String(listing.push_seq),
      },
    ]);
    const credentials = await t.app.services.connections.credentials(pc.shopify);
    const [written] = await ch.channels.shopify.adapter.setInventory(
      credentials,
      [
        {
          ref: {
            externalVariantId: listing.external_variant_id,
            inventoryItemId: listing.external_inventory_item_id!,
            ...(listing.external_location_id ? { locationId: listing.external_location_id } : {}),
          },
          quantity: target,
          compareQuantity: listing.channel_qty!,
        },
      ],
      {
        idempotencyKey: key,
        reason: 'correction',
        referenceDocumentUri: `gid://stocksync/StockSync/${pc.shopify}`,
      },
    );
    expect(written?.status).toBe('ok');

    await quiesce();
    expect(await everywhere(first.variantId)).toEqual(equalTo(target));
    expect((await ledger(first.variantId)).at(-1)).toMatchObject({
      cause: 'manual',
      qty_after: target,
    });
    const journal = await t.db.db.selectFrom('push_batches').selectAll().execute();
    expect(journal).toEqual([]);
  });

  it('work flagged by a process that died before waking the job is picked up by the minutely sweep', async () => {
    const { variantId } = await freshVariant();
    const target = (await master(variantId)) - 1;
    // The committed change of a process killed before its wake-up: the master and the flags only.
    await t.db.db
      .updateTable('product_variants')
      .set({ available_qty: target })
      .where('id', '=', variantId)
      .execute();
    await new StockRepository(t.db.db).requestPushes([variantId]);
    await runJobs();
    expect((await everywhere(variantId)).shopify).toBe(target + 1);
    await t.app.services.sync.schedulePolls();
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(target));
  });

  it.each([
    [{ quantity: 3 }, 'variant_id', 'variant_id is required'],
    [{ variant_id: 'nope', quantity: 3 }, 'variant_id', 'variant_id must be a valid variant id'],
    [{ quantity: -1 }, 'quantity', 'Quantity must be greater than or equal to 0'],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ quantity: '3' }, 'quantity', 'Quantity must be a whole number'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const { variantId } = linked[0]!;
    const before = await master(variantId);
    const answer = await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      ...(field === 'variant_id' ? {} : { variant_id: variantId }),
      ...body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field, error: message });
    expect(await master(variantId)).toBe(before);
  });

  it('answers 404 for a variant of another organisation and changes nothing', async () => {
    const other = await signIn(t);
    const { variantId, productId } = linked[0]!;
    const before = await master(variantId);
    const answer = await orgCall(t, other, 'POST', '/v1/variants/quantity', {
      variant_id: variantId,
      quantity: 1,
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().field).toBe('variant_id');
    expect(await master(variantId)).toBe(before);
    for (const path of ['ledger', 'listings'])
      expect((await orgCall(t, other, 'GET', `/v1/products/${productId}/${path}`)).statusCode).toBe(
        404,
      );
  });
});

describe('the per-account switch', () => {
  it('holds pushes to an account while its sync is off and sends them when it is back on', async () => {
    const { variantId } = await freshVariant();
    const start = await master(variantId);
    const off = await orgCall(t, user, 'POST', '/v1/sync/toggle', { pc_id: pc.tiktok });
    expect(off.json().sync_enabled).toBe(false);
    await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      variant_id: variantId,
      quantity: start + 5,
    });
    await runJobs();
    await webhooksDelivered();
    await runJobs();
    expect(await onChannel('shopify', variantId)).toBe(start + 5);
    expect(await onChannel('tiktok', variantId)).toBe(start);

    const on = await orgCall(t, user, 'POST', '/v1/sync/toggle', { pc_id: pc.tiktok });
    expect(on.json().sync_enabled).toBe(true);
    await quiesce();
    expect(await everywhere(variantId)).toEqual(equalTo(start + 5));
  });

  it('reports a stock check a seller asked for, and a periodic one only when it changed something', async () => {
    await quiesce();
    const checks = async () =>
      (await orgCall(t, user, 'GET', '/v1/activity_logs?pageSize=100'))
        .json<{ activities: Array<{ activity: string; note: string }> }>()
        .activities.filter((a) => a.activity.startsWith('Stock check on')).length;
    const before = await checks();
    await t.app.services.sync.reconcileAll();
    await quiesce();
    expect(await checks()).toBe(before);
    await orgCall(t, user, 'POST', '/v1/sync/reconcile', { pc_id: pc.shopify });
    await quiesce();
    expect(await checks()).toBe(before + 1);
  });

  it('refuses a reconcile of an unknown account with 404 naming pc_id', async () => {
    const answer = await orgCall(t, user, 'POST', '/v1/sync/reconcile', {
      pc_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().field).toBe('pc_id');
  });
});

describe('flagging listings for a push', () => {
  it('keeps a push answer recorded at the same moment (the update reads the row it writes)', async () => {
    const { variantId } = await freshVariant();
    await quiesce();
    const listing = await t.db.db
      .selectFrom('channel_listings')
      .select(['id', 'channel_qty'])
      .where('variant_id', '=', variantId)
      .where('connection_id', '=', pc.tiktok)
      .executeTakeFirstOrThrow();
    // The master moved on (so the listing is flagged) …
    await t.db.db
      .updateTable('product_variants')
      .set((eb) => ({ available_qty: eb('available_qty', '+', 5) }))
      .where('id', '=', variantId)
      .execute();
    // … and a push answer is being recorded (as recordPushed does, without the variant's lock) …
    const answer = await t.db.pool.connect();
    try {
      await answer.query('BEGIN');
      await answer.query(
        'UPDATE channel_listings SET channel_qty = channel_qty - 1 WHERE id = $1',
        [listing.id],
      );
      // … while a master change flags the variant's listings: it waits for that row, then must
      // build on the recorded answer, not on what it read before the wait.
      const flagged = new StockRepository(t.db.db).requestPushes([variantId]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await answer.query('COMMIT');
      await flagged;
    } finally {
      answer.release();
    }
    const after = await t.db.db
      .selectFrom('channel_listings')
      .select('channel_qty')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(after.channel_qty).toBe(listing.channel_qty! - 1);
  });
});
