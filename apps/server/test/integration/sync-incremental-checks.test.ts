import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SHOP } from '../support/channels';
import { orgCall } from './catalog-fixtures';
import { runDueJobs } from '../support/jobs';
import { sendStockWebhook, shopifyStock } from '../support/shopify-stock';
import {
  everywhere,
  ledgerOf,
  masterQty,
  settle,
  startSyncedOrg,
  type SyncedOrg,
} from '../support/synced-org';

/**
 * The incremental stock checks (issue 26, ADR 0054), run as the worker runs them (the minutely
 * sweep schedules them, each schedules its next run) against the emulators over HTTP: a Shopify
 * sale whose webhooks were lost is repaired by the next minute's check and counted once when the
 * webhook arrives late after all; a quantity edited on eBay, which sends no webhook, is applied
 * by eBay's incremental read.
 */

vi.setConfig({ testTimeout: 60_000 });

let org: SyncedOrg;
let pick = 0;

beforeAll(async () => {
  // A roomy cost bucket: these tests are about what a check finds, not its pace (the check waits
  // while the bucket is under half full; sync-incremental-check-passes.test.ts and the adapter's
  // tests cover that).
  org = await startSyncedOrg({
    beforeConnect: (ch) => {
      ch.shopify.shop(DEMO_SHOP).plan = 'plus';
    },
  });
  await settle(org);
  // The first sweep schedules each account's check at once; it runs, then every interval.
  await org.t.app.services.sync.schedulePolls();
  await settle(org);
}, 120_000);

afterAll(async () => {
  await org?.close();
});

/**
 * The account's next scheduled check, how long until it runs (the database's clock), and whether
 * it continues a pass (one page a run).
 */
async function nextCheck(connectionId: string) {
  const { rows } = await sql<{ id: string; in_ms: number; continues: boolean }>`
    SELECT j.id, (extract(epoch FROM j.run_at - now()) * 1000)::float8 AS in_ms,
      p.payload->'pass' IS NOT NULL AS continues
    FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id
    WHERE j.key = ${`changes:${connectionId}`} AND j.task_identifier = 'sync_changes'`.execute(
    org.t.db.db,
  );
  return rows;
}

/**
 * Runs the account's scheduled check now (as if its time had come), and each later run of its
 * pass likewise until the pass is complete, then lets sync settle.
 */
async function runScheduledCheck(connectionId: string) {
  for (let run = 0; run === 0 || (await nextCheck(connectionId))[0]?.continues; run++) {
    expect(run).toBeLessThan(50);
    const [job] = await nextCheck(connectionId);
    expect(job).toBeDefined();
    await sql`SELECT graphile_worker.reschedule_jobs(ARRAY[${job!.id}::bigint], run_at := now())`.execute(
      org.t.db.db,
    );
    await runDueJobs(org.t);
  }
  await settle(org);
}

const ledger = (variantId: string) => ledgerOf(org, variantId);

const everywhereOf = (variantId: string, sku: string) => everywhere(org, variantId, sku);

/** A linked variant not used by an earlier test, with its Shopify item, location and level. */
const freshVariant = () => shopifyStock(org, org.linked[pick++]!);

describe('Shopify: a lost webhook is repaired by the next minute’s check', () => {
  it('every Shopify and eBay account has its next check scheduled within its interval', async () => {
    const shopify = await nextCheck(org.pc.shopify);
    expect(shopify).toHaveLength(1);
    expect(shopify[0]!.in_ms).toBeGreaterThan(0);
    expect(shopify[0]!.in_ms).toBeLessThanOrEqual(60_000);
    const ebay = await nextCheck(org.pc.ebay);
    expect(ebay).toHaveLength(1);
    expect(ebay[0]!.in_ms).toBeLessThanOrEqual(240_000);
    expect(await nextCheck(org.pc.tiktok)).toHaveLength(0);
  });

  it('a sale whose webhooks were dropped reaches every channel, and its late webhook counts nothing', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const before = (await ledger(variant.variantId)).length;
    org.ch.shopify.core.setFaults({ dropWebhookRate: 1 });
    try {
      org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku: variant.sku, quantity: 2 }] });
    } finally {
      org.ch.shopify.core.setFaults({ dropWebhookRate: 0 });
    }
    const sold = variant.level();
    await settle(org);
    // Nothing told us: the other channels still sell the old quantity.
    expect(await everywhereOf(variant.variantId, variant.sku)).toEqual({
      master: start,
      ebay: start,
      tiktok: start,
    });

    await runScheduledCheck(org.pc.shopify);
    expect(await everywhereOf(variant.variantId, variant.sku)).toEqual({
      master: start - 2,
      ebay: start - 2,
      tiktok: start - 2,
    });
    // The check scheduled its next run, a minute on.
    expect((await nextCheck(org.pc.shopify))[0]!.in_ms).toBeGreaterThan(50_000);

    // The webhook arrives after all (Shopify retries for hours), and then the check runs again.
    await sendStockWebhook(org, variant, sold);
    await settle(org);
    await runScheduledCheck(org.pc.shopify);
    expect(await masterQty(org, variant.variantId)).toBe(start - 2);
    expect((await ledger(variant.variantId)).slice(before)).toEqual([
      { cause: 'channel_edit', delta: -2, connection_id: org.pc.shopify },
    ]);
  });

  it('our own pushes coming back through the check change nothing', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const before = (await ledger(variant.variantId)).length;
    org.ch.tiktok.simulateSale({ sellerSku: variant.sku, quantity: 1 });
    await settle(org); // pushed to Shopify: its level changed, by us
    expect(variant.level().available).toBe(start - 1);
    await runScheduledCheck(org.pc.shopify);
    expect(await masterQty(org, variant.variantId)).toBe(start - 1);
    expect((await ledger(variant.variantId)).slice(before)).toEqual([
      { cause: 'order', delta: -1, connection_id: org.pc.tiktok },
    ]);
  });
});

describe('eBay: an edit made on eBay is applied by the incremental read', () => {
  it('a quantity edited on eBay reaches the master and the other channels once', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const before = (await ledger(variant.variantId)).length;
    org.ch.ebay.setQuantity(variant.sku, start + 5); // eBay sends no webhook for this
    await settle(org);
    expect(await masterQty(org, variant.variantId)).toBe(start);

    await runScheduledCheck(org.pc.ebay);
    expect(await everywhereOf(variant.variantId, variant.sku)).toEqual({
      master: start + 5,
      ebay: start + 5,
      tiktok: start + 5,
    });
    expect(variant.level().available).toBe(start + 5);
    // Read again: nothing new, nothing applied twice.
    await runScheduledCheck(org.pc.ebay);
    expect(await masterQty(org, variant.variantId)).toBe(start + 5);
    expect((await ledger(variant.variantId)).slice(before)).toEqual([
      { cause: 'channel_edit', delta: 5, connection_id: org.pc.ebay },
    ]);
  });
});

describe('a stock check’s activity entry', () => {
  it('never announces a count the same check then contradicts', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    org.ch.ebay.setQuantity(variant.sku, start + 3);
    const asked = await orgCall(org.t, org.user, 'POST', '/v1/sync/reconcile', {
      pc_id: org.pc.ebay,
    });
    expect(asked.statusCode).toBe(202);
    await settle(org); // the check, then its second look at the difference
    expect(await masterQty(org, variant.variantId)).toBe(start + 3);
    const logs = await orgCall(org.t, org.user, 'GET', '/v1/activity_logs?pageSize=100');
    const entries = logs.json<{ activities: Array<{ activity: string; note: string }> }>()
      .activities;
    const check = entries.find((e) => e.activity.startsWith('Stock check on eBay'));
    // The difference was not applied by the first look: the entry says it waits for a second.
    expect(check?.note).toMatch(
      /^\d+ listings compared with the channel; 0 differences applied; 1 more difference is applied if still there in \d+ s$/,
    );
  });
});

describe('orders by their channel’s own name', () => {
  async function ledgerOf(productId: string) {
    const answer = await orgCall(org.t, org.user, 'GET', `/v1/products/${productId}/ledger`);
    expect(answer.statusCode).toBe(200);
    return answer.json<{
      entries: Array<{ cause: string; reference: string | null; order_name: string | null }>;
    }>().entries;
  }

  async function activityNotes() {
    const logs = await orgCall(org.t, org.user, 'GET', '/v1/activity_logs?pageSize=100');
    return logs.json<{ activities: Array<{ note: string }> }>().activities.map((a) => a.note);
  }

  it('a Shopify order shows as "#1003" in the stock history and activity, its id kept', async () => {
    const variant = await freshVariant();
    const { productId } = org.linked.find((l) => l.variantId === variant.variantId)!;
    const { orderId } = org.ch.shopify.simulateSale(DEMO_SHOP, {
      lines: [{ sku: variant.sku, quantity: 1 }],
    });
    await settle(org);
    const order = org.ch.shopify.shop(DEMO_SHOP).orders.find((o) => o.id === orderId)!;
    expect(order.name).toMatch(/^#\d+$/);
    const [entry] = (await ledgerOf(productId)).filter((e) => e.cause === 'order');
    expect(entry).toEqual(
      expect.objectContaining({
        order_name: order.name,
        reference: `gid://shopify/Order/${orderId}`,
      }),
    );
    const notes = await activityNotes();
    expect(notes.some((n) => n.includes(`order ${order.name} on Shopify`))).toBe(true);
    expect(notes.some((n) => n.includes('gid://shopify/Order'))).toBe(false);
  });

  it('an eBay order shows by its order id', async () => {
    const variant = await freshVariant();
    const { productId } = org.linked.find((l) => l.variantId === variant.variantId)!;
    const order = org.ch.ebay.simulateSale({ sku: variant.sku, quantity: 1 });
    await settle(org);
    const [entry] = (await ledgerOf(productId)).filter((e) => e.cause === 'order');
    expect(entry).toEqual(
      expect.objectContaining({ order_name: order.orderId, reference: order.orderId }),
    );
  });
});

describe('prices in the channel’s currency', () => {
  it('a TikTok listing priced in GBP is shown and exported in GBP; the organisation’s cost stays USD', async () => {
    // A variant imported from TikTok Shop alone (the sandbox shop prices in GBP).
    const { rows } = await sql<{ variant_id: string; product_id: string; sku: string }>`
      SELECT pv.id AS variant_id, pv.product_id, pv.sku
      FROM product_variants pv JOIN channel_listings cl ON cl.variant_id = pv.id
      WHERE pv.organization_id = ${org.user.firstOrgId} AND pv.sku <> ''
      GROUP BY pv.id HAVING bool_and(cl.connection_id = ${org.pc.tiktok})
      ORDER BY pv.sku LIMIT 1`.execute(org.t.db.db);
    const only = rows[0]!;
    const store = org.ch.tiktok.store;
    const price = store.resolve({ sellerSku: only.sku }).sku.price;
    expect(price.currency).toBe('GBP');

    const detail = await orgCall(org.t, org.user, 'GET', `/v1/products/${only.product_id}`);
    const variant = detail
      .json<{ variants: Array<{ id: string; current_price: string; price_currency: string }> }>()
      .variants.find((v) => v.id === only.variant_id)!;
    expect(variant).toMatchObject({
      current_price: Number(price.sale_price).toFixed(2),
      price_currency: 'GBP',
    });

    const listings = await orgCall(
      org.t,
      org.user,
      'GET',
      `/v1/products/${only.product_id}/listings`,
    );
    expect(
      listings
        .json<{ listings: Array<{ variant_id: string; price: string; currency: string }> }>()
        .listings.filter((l) => l.variant_id === only.variant_id),
    ).toEqual([
      expect.objectContaining({ price: Number(price.sale_price).toFixed(2), currency: 'GBP' }),
    ]);

    const csv = await orgCall(org.t, org.user, 'GET', '/v1/products/export.csv');
    const lines = csv.body.split('\r\n');
    const header = lines[0]!.split(',');
    const row = lines.find((l) => l.includes(only.variant_id))!.split(',');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('current_price')).toBe(Number(price.sale_price).toFixed(2));
    expect(cell('currency')).toBe('GBP');
    expect(cell('cost_currency')).toBe('USD');

    // A variant imported from Shopify keeps the shop's currency (USD in the sandbox).
    const linked = org.linked[0]!;
    const shopify = await orgCall(
      org.t,
      org.user,
      'GET',
      `/v1/products/${linked.productId}/listings`,
    );
    const mine = shopify
      .json<{ listings: Array<{ variant_id: string; platform: string; currency: string }> }>()
      .listings.filter((l) => l.variant_id === linked.variantId);
    expect(Object.fromEntries(mine.map((l) => [l.platform, l.currency]))).toEqual({
      shopify: 'USD',
      ebay: 'USD',
      tiktok: 'GBP',
    });
  });
});
