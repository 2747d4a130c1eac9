import { sql } from 'kysely';
import { skuWritebackMessages, type SkuWritebackListing } from '@stocksync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { DEMO_SHOP } from '../support/channels';
import { runDueJobs } from '../support/jobs';
import { channelSkusOf, listingOn, sendSkus, setSku } from '../support/sku-writeback';
import { startSyncedOrg, type LinkedVariant, type SyncedOrg } from '../support/synced-org';

/**
 * SKU write-back (issue 25 item 1, ADR 0055) through the emulators over HTTP: a SKU typed on the
 * product page is previewed, confirmed and set on Shopify (inventory item SKU) and TikTok
 * (seller_sku); eBay, whose SKU is the item's key, is refused with the reason; a channel's own
 * refusal and a push that failed and was retried are recorded per listing.
 */

let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg();
}, 120_000);

afterAll(async () => {
  await org?.close();
});

async function preview(variantId: string): Promise<SkuWritebackListing[]> {
  const res = await orgCall(org.t, org.user, 'POST', '/v1/sku-writeback/preview', {
    variant_ids: [variantId],
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ listings: SkuWritebackListing[] }>().listings;
}

const byPlatform = (listings: SkuWritebackListing[]) =>
  Object.fromEntries(listings.map((l) => [l.platform, l])) as Record<
    SkuWritebackListing['platform'],
    SkuWritebackListing
  >;

async function listingOf(variantId: string, platform: 'shopify' | 'tiktok') {
  return (await listingOn(org, variantId, platform))!;
}

const channelSkus = (variantId: string) => channelSkusOf(org, variantId);

const faults = (url: string, body: object) =>
  fetch(`${url}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function retryNow() {
  await sql`SELECT graphile_worker.reschedule_jobs(ARRAY(
      SELECT id FROM graphile_worker.jobs WHERE task_identifier = 'sync_sku_writeback'),
    run_at := now())`.execute(org.t.db.db);
}

describe('SKU write-back', () => {
  let variant: LinkedVariant;

  it('a SKU typed by hand is checked: rules, uniqueness in the organisation, then recorded', async () => {
    variant = org.linked[0]!;
    const other = org.linked[1]!;
    const taken = await setSku(org, variant.variantId, other.sku.toLowerCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'sku' });
    const bad = await setSku(org, variant.variantId, 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'sku', error: skuWritebackMessages.skuCharacters });
    const res = await setSku(org, variant.variantId, 'WB-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json().variant.sku).toBe('WB-0001');
  });

  it('previews and sends the SKU to Shopify and TikTok; eBay is refused with the reason', async () => {
    const before = byPlatform(await preview(variant.variantId));
    expect(before.shopify).toMatchObject({ sku: 'WB-0001', action: 'push', last_push: null });
    expect(before.tiktok).toMatchObject({ sku: 'WB-0001', action: 'push' });
    expect(before.ebay).toMatchObject({
      sku: 'WB-0001',
      channel_sku: variant.sku,
      action: 'refused',
      reason: skuWritebackMessages.ebaySkuIsKey,
    });
    // The preview sent nothing.
    expect(await channelSkus(variant.variantId)).toEqual({
      shopify: variant.sku,
      tiktok: variant.sku,
    });

    const confirmed = await sendSkus(org, [variant.variantId]);
    expect(confirmed.statusCode).toBe(202);
    expect(confirmed.json()).toMatchObject({ queued: 2, refused: 1, unchanged: 0 });
    await runDueJobs(org.t);

    expect(await channelSkus(variant.variantId)).toEqual({ shopify: 'WB-0001', tiktok: 'WB-0001' });
    const after = byPlatform(await preview(variant.variantId));
    expect(after.shopify).toMatchObject({ action: 'unchanged', channel_sku: 'WB-0001' });
    expect(after.shopify.last_push).toMatchObject({ sku: 'WB-0001', status: 'pushed' });
    expect(after.tiktok.last_push).toMatchObject({ sku: 'WB-0001', status: 'pushed' });

    const activity = await orgCall(org.t, org.user, 'GET', '/v1/activity_logs?page=1&pageSize=20');
    const entries = activity.json<{ activities: Array<{ activity: string; note: string }> }>()
      .activities;
    expect(entries.filter((e) => e.activity === 'SKU write-back').map((e) => e.note)).toEqual(
      expect.arrayContaining([expect.stringContaining('1 of 1 SKUs set on')]),
    );
    expect(entries.find((e) => e.activity === 'SKUs sent to channels')?.note).toContain(
      '2 listings queued on 2 accounts; 1 not sent (ebay',
    );
  });

  it("records each channel's refusal: TikTok's 50-character limit, a variant gone from Shopify", async () => {
    const target = org.linked[2]!;
    const long = 'L'.repeat(55);
    expect((await setSku(org, target.variantId, long)).statusCode).toBe(200);
    // The seller deleted the variant on Shopify since the import.
    const listing = await listingOf(target.variantId, 'shopify');
    org.ch.shopify
      .shop(DEMO_SHOP)
      .variants.delete(Number(listing.external_variant_id.split('/').pop()));

    const confirmed = await sendSkus(org, [target.variantId]);
    expect(confirmed.json()).toMatchObject({ queued: 2, refused: 1 });
    await runDueJobs(org.t);

    const after = byPlatform(await preview(target.variantId));
    expect(after.tiktok.last_push).toMatchObject({ sku: long, status: 'refused' });
    expect(after.tiktok.last_push!.message).toMatch(/TikTok refused the SKU/);
    expect(after.tiktok.action).toBe('push');
    expect(after.shopify.last_push).toMatchObject({ status: 'refused' });
    expect(after.shopify.last_push!.message).toContain('Product variant does not exist');
    expect(
      org.ch.tiktok.store.skus.get(
        (await listingOf(target.variantId, 'tiktok')).external_variant_id,
      )!.sku.seller_sku,
    ).toBe(target.sku);
  });

  it('a push that failed on a Shopify outage is tried again by the queue and lands', async () => {
    const target = org.linked[3]!;
    expect((await setSku(org, target.variantId, 'WB-RETRY')).statusCode).toBe(200);
    await faults(org.ch.shopify.url, { serverErrorRate: 1 });
    try {
      const confirmed = await sendSkus(org, [target.variantId]);
      expect(confirmed.statusCode).toBe(202);
      await runDueJobs(org.t);
      const waiting = byPlatform(await preview(target.variantId));
      expect(waiting.shopify.last_push).toMatchObject({ sku: 'WB-RETRY', status: 'queued' });
      expect(waiting.shopify.last_push!.message).toMatch(/^Will be tried again/);
      expect(waiting.tiktok.last_push).toMatchObject({ status: 'pushed' });
      expect((await channelSkus(target.variantId)).shopify).toBe(target.sku);
    } finally {
      await faults(org.ch.shopify.url, { serverErrorRate: 0 });
    }
    await retryNow();
    await runDueJobs(org.t);
    const after = byPlatform(await preview(target.variantId));
    expect(after.shopify.last_push).toMatchObject({ sku: 'WB-RETRY', status: 'pushed' });
    expect(await channelSkus(target.variantId)).toEqual({
      shopify: 'WB-RETRY',
      tiktok: 'WB-RETRY',
    });
  });

  it('refuses bad input naming the field and variants of another organisation', async () => {
    const empty = await orgCall(org.t, org.user, 'POST', '/v1/sku-writeback/preview', {
      variant_ids: [],
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await sendSkus(org, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'variant_ids' });
  });
});
