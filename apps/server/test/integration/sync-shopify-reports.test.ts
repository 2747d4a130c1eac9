import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SHOP } from '../support/channels';
import {
  sendStockWebhook as sendWebhook,
  shopifyStock,
  type ShopifyStock,
} from '../support/shopify-stock';
import {
  everywhere,
  ledgerOf,
  masterQty,
  settle,
  startSyncedOrg,
  type SyncedOrg,
} from '../support/synced-org';

/**
 * Shopify stock webhooks standing in for reads (ADR 0027): a report newer than what we know, by
 * Shopify's own time, is applied without reading Shopify; an older one, or two of the same second
 * that disagree, are settled by a read. The webhooks of the real changes are dropped and sent again
 * by the test, signed like Shopify's, in the order each case needs; their quantities and times are
 * the emulator's.
 */

vi.setConfig({ testTimeout: 60_000 });

let org: SyncedOrg;
let pick = 0;

beforeAll(async () => {
  org = await startSyncedOrg();
  await settle(org);
}, 120_000);

afterAll(async () => {
  await org?.close();
});

beforeEach(() => {
  org.ch.shopify.core.setFaults({ dropWebhookRate: 0 });
});

/** A linked variant not used by an earlier test, with its Shopify item, location and level. */
const freshVariant = () => shopifyStock(org, org.linked[pick++]!);

/** inventory_levels/update as Shopify sends it, signed with the app's secret. */
const sendStockWebhook = (
  variant: ShopifyStock,
  report: { available: number; updatedAt: number },
) => sendWebhook(org, variant, report);

/**
 * A Shopify sale at the start of a new second whose webhooks are dropped (the test sends them);
 * answers the level it left.
 */
async function sellUnheard(variant: ShopifyStock, quantity: number) {
  await nextSecond();
  org.ch.shopify.core.setFaults({ dropWebhookRate: 1 });
  try {
    org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku: variant.sku, quantity }] });
  } finally {
    org.ch.shopify.core.setFaults({ dropWebhookRate: 0 });
  }
  return variant.level();
}

/** Counts the Shopify reads of an inventory item while `run` runs. */
async function readsOf(itemId: number, run: () => Promise<void>): Promise<number> {
  const adapter = org.ch.channels.shopify.adapter;
  const read = adapter.readInventory.bind(adapter);
  let reads = 0;
  const spy = vi.spyOn(adapter, 'readInventory').mockImplementation(async (credentials, refs) => {
    if (refs.some((ref) => ref.inventoryItemId?.endsWith(`/${itemId}`))) reads++;
    return read(credentials, refs);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return reads;
}

const ledger = (variantId: string) => ledgerOf(org, variantId);

/** Waits for the next whole second: Shopify's times have no finer resolution. */
async function nextSecond() {
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
}

const everywhereOf = (variantId: string, sku: string) => everywhere(org, variantId, sku);

describe('Shopify stock webhooks instead of reads', () => {
  it('a sale is applied from its stock webhook, without reading Shopify', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const before = (await ledger(variant.variantId)).length;
    const reads = await readsOf(variant.itemId, async () => {
      await nextSecond(); // later than the push that set it, by Shopify's clock
      org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku: variant.sku, quantity: 2 }] });
      await settle(org);
    });
    expect(reads).toBe(0);
    const start2 = start - 2;
    expect(await everywhereOf(variant.variantId, variant.sku)).toEqual({
      master: start2,
      ebay: start2,
      tiktok: start2,
    });
    expect((await ledger(variant.variantId)).slice(before)).toEqual([
      { cause: 'order', delta: -2, connection_id: org.pc.shopify },
    ]);
  });

  it('webhooks delivered out of order: the newest by Shopify’s time is applied, the older one is not', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const before = (await ledger(variant.variantId)).length;
    const first = await sellUnheard(variant, 1);
    const second = await sellUnheard(variant, 2);
    const reads = await readsOf(variant.itemId, async () => {
      await sendStockWebhook(variant, second);
      await sendStockWebhook(variant, first);
      await settle(org);
    });
    expect(reads).toBe(0);
    expect(await masterQty(org, variant.variantId)).toBe(start - 3);
    // One change, of the newest report; the older one (start - 1) would have added a unit back.
    expect((await ledger(variant.variantId)).slice(before)).toEqual([
      { cause: 'channel_edit', delta: -3, connection_id: org.pc.shopify },
    ]);
  });

  it('two webhooks of the same second that disagree are settled by a read', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const sold = await sellUnheard(variant, 1);
    const reads = await readsOf(variant.itemId, async () => {
      await sendStockWebhook(variant, sold);
      // Which of the two came last cannot be told from their times.
      await sendStockWebhook(variant, { ...sold, available: sold.available - 3 });
      await settle(org);
    });
    expect(reads).toBeGreaterThan(0);
    expect(await masterQty(org, variant.variantId)).toBe(start - 1);
  });

  it('a webhook no newer than our last push to the listing is read, not applied', async () => {
    const variant = await freshVariant();
    const start = await masterQty(org, variant.variantId);
    const stale = variant.level(); // what Shopify said before the push below
    await nextSecond();
    org.ch.tiktok.simulateSale({ sellerSku: variant.sku, quantity: 1 });
    await settle(org); // pushed to Shopify, answered with Shopify's time of the change
    expect(variant.level().available).toBe(start - 1);
    const reads = await readsOf(variant.itemId, async () => {
      // A late delivery of an older state (its time before the push), with a fresh event id.
      await sendStockWebhook(variant, stale);
      await settle(org);
    });
    expect(reads).toBeGreaterThan(0);
    expect(await masterQty(org, variant.variantId)).toBe(start - 1);
    expect(variant.level().available).toBe(start - 1);
  });
});
