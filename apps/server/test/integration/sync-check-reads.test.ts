import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/types';
import { DEFAULT_SYNC_SETTINGS, SyncService } from '../../src/modules/sync/service';
import { orgCall } from './catalog-fixtures';
import { DEMO_SHOP } from '../support/channels';
import { masterQty, settle, startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * A stock check reads each listing once (issue 21 item 5, ADR 0047): the statement that chooses the
 * listings is the only read of them; what the channel answered is recorded against that row only
 * if what we knew the listing held is unchanged since, otherwise the listing is read again. And
 * what a channel was seen to hold but is not applied yet is one pair of columns (seen_qty,
 * seen_at): a Shopify stock webhook's report, or an eBay or TikTok read waiting to be trusted.
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

/** The app's sync service on a database handle that keeps every statement it sends. */
async function countingSync<T>(
  run: (sync: SyncService) => Promise<T>,
): Promise<{ result: T; queries: CompiledQuery[] }> {
  const { t } = org;
  const pool = new pg.Pool({ connectionString: t.db.url, max: 2 });
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      queries.push(event.query);
    },
  });
  try {
    const sync = new SyncService(db, t.clock, t.app.services.connections, t.app.services.activity, {
      ...DEFAULT_SYNC_SETTINGS,
      driftSettleMs: 0,
      retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 },
    });
    return { result: await run(sync), queries };
  } finally {
    await db.destroy();
  }
}

/**
 * Statements that read listings' rows (not the updates that record what a read found, nor a count
 * of listings).
 */
const listingReads = (queries: CompiledQuery[]) =>
  queries.filter(
    (q) =>
      /^\s*select\b/i.test(q.sql) &&
      /\bchannel_listings\b/.test(q.sql) &&
      !/^\s*select\s+count\(/i.test(q.sql),
  );

/** Reads of chosen listings again by their ids (a lock-and-read after the channel answered). */
const rereads = (queries: CompiledQuery[]) =>
  listingReads(queries).filter((q) => /\bid\s*=\s*(ANY\s*\()?\$\d/i.test(q.sql));

/** What sync knows of a variant's listing on one account. */
async function listingOn(variantId: string, connectionId: string) {
  return org.t.db.db
    .selectFrom('channel_listings')
    .select(['channel_qty', 'channel_at', 'seen_qty', 'seen_at', 'check_pending'])
    .where('variant_id', '=', variantId)
    .where('connection_id', '=', connectionId)
    .executeTakeFirstOrThrow();
}

async function lastLedgerEntry(variantId: string) {
  return org.t.db.db
    .selectFrom('inventory_ledger')
    .select(['cause', 'delta', 'connection_id'])
    .where('variant_id', '=', variantId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** A Shopify sale whose webhooks are dropped: only a read can find it. */
function sellUnheard(sku: string, quantity: number) {
  org.ch.shopify.core.setFaults({ dropWebhookRate: 1 });
  try {
    org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity }] });
  } finally {
    org.ch.shopify.core.setFaults({ dropWebhookRate: 0 });
  }
}

describe('one read of a listing per check', () => {
  it('a stock check reads its listings once, by the page that chooses them, and applies a sale', async () => {
    const { variantId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    sellUnheard(sku, 1);

    const { result, queries } = await countingSync((sync) =>
      sync.connectionSync.reconcile(org.pc.shopify, true),
    );

    expect(result!.changed).toBe(1);
    expect(await masterQty(org, variantId)).toBe(start - 1);
    expect(await lastLedgerEntry(variantId)).toMatchObject({
      cause: 'reconciliation',
      delta: -1,
      connection_id: org.pc.shopify,
    });
    // Pages of 200 listings, and the empty page that ends them.
    const pages = Math.ceil(result!.listings / 200) + 1;
    expect(result!.listings).toBeGreaterThan(5);
    expect(listingReads(queries)).toHaveLength(pages);
    expect(rereads(queries)).toEqual([]);
    await settle(org);
  });

  it("a webhook's check reads its listing once, when the job takes it", async () => {
    const { variantId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 2 }] });
    await org.ch.shopify.settle(); // the webhooks are in: the listing waits for its check

    const { queries } = await countingSync(async (sync) => {
      await sync.connectionSync.run(org.pc.shopify);
    });

    expect(await masterQty(org, variantId)).toBe(start - 2);
    expect(await lastLedgerEntry(variantId)).toMatchObject({
      delta: -2,
      connection_id: org.pc.shopify,
    });
    expect(listingReads(queries).length).toBeGreaterThan(0);
    expect(rereads(queries)).toEqual([]);
    await settle(org);
  });

  it('a read is not applied when what we knew the listing held changed during it; it is read again', async () => {
    const { variantId, productId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    sellUnheard(sku, 1);
    // While Shopify is read, the seller turns sync off and on again: what we know the listing
    // holds becomes unknown, so the read's difference from the old quantity is no change to apply.
    const adapter = org.ch.channels.shopify.adapter;
    const read = adapter.readInventory.bind(adapter);
    let toggled = false;
    const spy = vi.spyOn(adapter, 'readInventory').mockImplementation(async (...args) => {
      const levels = await read(...args);
      if (!toggled) {
        toggled = true;
        for (const is_synced of [false, true]) {
          const answer = await orgCall(org.t, org.user, 'POST', '/v1/products/sync', {
            ids: [productId],
            is_synced,
          });
          expect(answer.statusCode).toBe(200);
        }
      }
      return levels;
    });
    let result;
    try {
      ({ result } = await countingSync((sync) =>
        sync.connectionSync.reconcile(org.pc.shopify, true),
      ));
    } finally {
      spy.mockRestore();
    }
    expect(toggled).toBe(true);
    expect(result!.changed).toBe(0);
    expect(await listingOn(variantId, org.pc.shopify)).toMatchObject({
      channel_qty: null,
      check_pending: true,
    });
    // Turning sync on is an overwrite the seller confirmed: the next read records what Shopify
    // holds without a change, and the master is pushed to it.
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(start);
    expect((await listingOn(variantId, org.pc.shopify)).channel_qty).toBe(start);
  });
});

describe('what a channel was seen to hold, not applied yet (seen_qty, seen_at)', () => {
  it("holds a Shopify stock webhook's report, by Shopify's time, until the job applies it", async () => {
    const { variantId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    // A new second, so the report is newer than what we know by Shopify's clock (ADR 0027).
    await new Promise((resolve) => setTimeout(resolve, 1_100 - (Date.now() % 1_000)));
    org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 1 }] });
    await org.ch.shopify.settle();

    const reported = await listingOn(variantId, org.pc.shopify);
    expect(reported).toMatchObject({
      channel_qty: start,
      seen_qty: start - 1,
      check_pending: true,
    });
    expect(reported.seen_at!.getTime()).toBeGreaterThan(reported.channel_at!.getTime());

    await settle(org);
    expect(await masterQty(org, variantId)).toBe(start - 1);
    const applied = await listingOn(variantId, org.pc.shopify);
    // The report became what we know, by its time: no newer one is left to stand in for a read.
    expect(applied).toMatchObject({ channel_qty: start - 1, check_pending: false });
    expect(applied.channel_at).toEqual(reported.seen_at);
  });

  it('holds an eBay difference until a second look, and drops it when an order moves what we know', async () => {
    const { variantId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    org.ch.ebay.setQuantity(sku, start + 3);

    // A stock check finds the difference: not trusted yet (an order not applied could explain it).
    await org.t.app.services.sync.connectionSync.reconcile(org.pc.ebay, true);
    const drift = await listingOn(variantId, org.pc.ebay);
    expect(drift).toMatchObject({ channel_qty: start, seen_qty: start + 3, check_pending: true });
    expect(drift.seen_at).not.toBeNull();
    expect(await masterQty(org, variantId)).toBe(start);

    // An order on that listing moves what we know it holds: the drift, measured against the old
    // quantity, goes with it. (No push of ours to the listing near the order, which would make
    // what it holds unknown instead: sync turned on pushed to it moments ago.)
    await sql`UPDATE channel_listings SET last_pushed_at = NULL
              WHERE variant_id = ${variantId} AND connection_id = ${org.pc.ebay}`.execute(
      org.t.db.db,
    );
    org.ch.ebay.simulateSale({ sku, quantity: 1 });
    await org.ch.ebay.core.webhooks.idle();
    await org.t.app.services.sync.connectionSync.runOrders(org.pc.ebay);
    expect(await masterQty(org, variantId)).toBe(start - 1);
    expect(await listingOn(variantId, org.pc.ebay)).toMatchObject({
      channel_qty: start - 1,
      seen_qty: null,
      seen_at: null,
    });

    // The second look finds the edit still there and applies it; every channel ends equal.
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(start + 2);
    expect(org.ch.ebay.quantities()[sku]).toBe(start + 2);
    expect(await lastLedgerEntry(variantId)).toMatchObject({
      cause: 'reconciliation',
      delta: 3,
      connection_id: org.pc.ebay,
    });
  });
});
