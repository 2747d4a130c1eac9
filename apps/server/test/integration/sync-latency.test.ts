import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { ChannelAdapter } from '@stocksync/channels';
import type { AnalyticsSummary } from '@stocksync/contract';
import { orgCall } from './catalog-fixtures';
import { settle, startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * Sync latency (issue 23, docs/decisions/0060) end to end: TikTok Shop sales on its emulator reach
 * us by webhook over HTTP, the order job applies them, and the Shopify and eBay jobs push the new
 * quantities to their emulators. The summary's figures are compared with the latencies computed
 * from the ledger and the listings' push times, and with direct SQL over what was recorded.
 */

vi.setConfig({ testTimeout: 120_000 });

let org: SyncedOrg;
const orgId = () => org.user.firstOrgId;

/** Each push call takes this much of the app's (manual) clock, in turn, so latencies differ. */
const PUSH_STEPS_MS = [700, 2_300, 9_000, 31_000, 4_100];
let pushCalls = 0;

beforeAll(async () => {
  org = await startSyncedOrg();
  await settle(org);
  for (const platform of ['shopify', 'ebay', 'tiktok'] as const) {
    const adapter: ChannelAdapter = org.ch.channels[platform].adapter;
    const setInventory = adapter.setInventory.bind(adapter);
    type Args = Parameters<ChannelAdapter['setInventory']>;
    vi.spyOn(adapter, 'setInventory').mockImplementation(async (...args: Args) => {
      org.t.clock.advance(PUSH_STEPS_MS[pushCalls++ % PUSH_STEPS_MS.length]!);
      return setInventory(...args);
    });
  }
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await org?.close();
});

const today = () => org.t.clock.now().toISOString().slice(0, 10);

async function summary(): Promise<AnalyticsSummary> {
  const day = today();
  const answer = await orgCall(
    org.t,
    org.user,
    'GET',
    `/v1/analytics/summary?from=${day}&to=${day}`,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json<AnalyticsSummary>();
}

/** The variant's newest order entry: its id and time. */
async function lastSale(variantId: string) {
  const { rows } = await sql<{ id: string; created_at: Date }>`
    SELECT id::text, created_at FROM inventory_ledger
    WHERE variant_id = ${variantId}::uuid AND cause = 'order'
    ORDER BY id DESC LIMIT 1`.execute(org.t.db.db);
  return rows[0]!;
}

/**
 * The latency of a sale made on TikTok Shop, from the tables the sync path keeps anyway: the last
 * push to the variant's Shopify and eBay listings after the sale, minus the sale's time.
 */
async function measuredLatencyMs(variantId: string, soldAt: Date): Promise<number> {
  const { rows } = await sql<{ last: Date }>`
    SELECT max(cl.last_pushed_at) AS last FROM channel_listings cl
    WHERE cl.variant_id = ${variantId}::uuid AND cl.connection_id <> ${org.pc.tiktok}::uuid
      AND cl.last_pushed_at >= ${soldAt}`.execute(org.t.db.db);
  return rows[0]!.last.getTime() - soldAt.getTime();
}

/** Nearest-rank percentile over the recorded buckets, in SQL, as bucket upper ends in ms. */
async function percentilesBySql(day: string) {
  const { rows } = await sql<{ synced: string; p50: number | null; p95: number | null }>`
    WITH h AS (
      SELECT bucket, sum(sales) AS n FROM analytics_sync_latency_daily
      WHERE organization_id = ${orgId()} AND day = ${day}::date GROUP BY bucket
    ), c AS (
      SELECT bucket, sum(n) OVER (ORDER BY bucket) AS cum, sum(n) OVER () AS total FROM h
    )
    SELECT (SELECT coalesce(sum(n), 0) FROM h)::text AS synced,
           (SELECT ceil(power(2, (min(bucket) + 1) / 8.0)) FROM c
            WHERE cum >= ceil(0.5 * total))::int AS p50,
           (SELECT ceil(power(2, (min(bucket) + 1) / 8.0)) FROM c
            WHERE cum >= ceil(0.95 * total))::int AS p95`.execute(org.t.db.db);
  const r = rows[0]!;
  return { synced: Number(r.synced), p50Ms: r.p50, p95Ms: r.p95 };
}

/** The sales of the day not confirmed everywhere, from sync_sales_in_flight and its waits. */
async function unconfirmedBySql() {
  const { rows } = await sql<{ pending: string; failed: string }>`
    SELECT count(*) FILTER (WHERE NOT f)::text AS pending, count(*) FILTER (WHERE f)::text AS failed
    FROM (SELECT bool_or(w.failed) IS NOT FALSE AS f FROM sync_sales_in_flight s
          LEFT JOIN sync_sale_waits w ON w.entry_id = s.entry_id
          WHERE s.organization_id = ${orgId()} GROUP BY s.entry_id) x`.execute(org.t.db.db);
  return { pending: Number(rows[0]!.pending), failed: Number(rows[0]!.failed) };
}

const bucketOf = (ms: number) => Math.floor(8 * Math.log2(Math.max(1, ms)));
const upperOf = (bucket: number) => Math.ceil(2 ** ((bucket + 1) / 8));

function nearestRank(latencies: number[], p: number): number {
  const sorted = [...latencies].sort((x, y) => x - y);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

/** The figures the summary must give for these latencies (each read as its bucket's upper end). */
const figuresOf = (latencies: number[]) => ({
  synced: latencies.length,
  p50Ms: upperOf(bucketOf(nearestRank(latencies, 50))),
  p95Ms: upperOf(bucketOf(nearestRank(latencies, 95))),
});

describe('sync latency: from a sale to its last channel', () => {
  const latencies: number[] = [];

  it('times each TikTok Shop sale to the last of Shopify and eBay confirming its push', async () => {
    for (let i = 0; i < 6; i++) {
      const { variantId, sku } = org.linked[i % (org.linked.length - 1)]!;
      org.ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
      await settle(org);
      const sale = await lastSale(variantId);
      latencies.push(await measuredLatencyMs(variantId, sale.created_at));
    }
    expect(latencies.every((ms) => ms > 0)).toBe(true);
    expect(new Set(latencies.map(bucketOf)).size).toBeGreaterThan(1);

    // Recorded: one count per sale, in the bucket of the latency the listings show.
    const { rows } = await sql<{ bucket: number; sales: string }>`
      SELECT bucket, sales::text FROM analytics_sync_latency_daily
      WHERE organization_id = ${orgId()} ORDER BY bucket`.execute(org.t.db.db);
    const expected = new Map<number, number>();
    for (const ms of latencies) expected.set(bucketOf(ms), (expected.get(bucketOf(ms)) ?? 0) + 1);
    expect(rows.map((r) => [r.bucket, Number(r.sales)])).toEqual(
      [...expected.entries()].sort((a, b) => a[0] - b[0]),
    );

    const body = await summary();
    expect(latencies).toHaveLength(6);
    expect(body.sync.saleToLastChannel).toEqual({
      ...figuresOf(latencies),
      precisionPercent: 9,
      pending: 0,
      failed: 0,
    });
    expect(body.sync.saleToLastChannel).toMatchObject(await percentilesBySql(today()));
    // Never below the measured value, at most 9% above it.
    const p95 = nearestRank(latencies, 95);
    expect(body.sync.saleToLastChannel.p95Ms!).toBeGreaterThanOrEqual(p95);
    expect(body.sync.saleToLastChannel.p95Ms!).toBeLessThanOrEqual(Math.ceil(p95 * 1.0906));
  });

  it('counts a sale waiting for a push as pending until the push is confirmed', async () => {
    const { variantId, sku } = org.linked[0]!;
    // The order job's own path, without running the push jobs yet.
    const applied = await org.t.app.services.sync.orders.applyAll(
      { id: org.pc.tiktok, organization_id: orgId(), platform: 'tiktok', alias: 'tiktok' },
      [
        {
          externalId: `latency-pending-${Date.now()}`,
          createdAt: org.t.clock.now().toISOString(),
          updatedAt: org.t.clock.now().toISOString(),
          status: 'PAID',
          lines: [{ sku, quantity: 1 }],
        },
      ],
    );
    expect(applied).toBe(1);
    const waiting = await summary();
    expect(waiting.sync.saleToLastChannel).toMatchObject({ synced: 6, pending: 1, failed: 0 });
    expect(await unconfirmedBySql()).toEqual({ pending: 1, failed: 0 });

    // The pushes to the emulators (and what they set off) run now.
    await settle(org);
    const sale = await lastSale(variantId);
    latencies.push(await measuredLatencyMs(variantId, sale.created_at));
    const done = await summary();
    expect(latencies).toHaveLength(7);
    expect(done.sync.saleToLastChannel).toMatchObject({
      ...figuresOf(latencies),
      pending: 0,
      failed: 0,
    });
    expect(done.sync.saleToLastChannel).toMatchObject(await percentilesBySql(today()));
  });

  it('does not count a sale as synced when a channel refuses its push', async () => {
    const { sku } = org.linked.at(-1)!;
    // The item is gone from eBay: the push of the new quantity is refused for good.
    expect(org.ch.ebay.store.deleteItem(sku)).toBe(true);
    org.ch.tiktok.simulateSale({ sellerSku: sku, quantity: 1 });
    await settle(org);
    const body = await summary();
    expect(body.sync.saleToLastChannel).toMatchObject({ synced: 7, pending: 0, failed: 1 });
    expect(body.sync.saleToLastChannel).toMatchObject(await percentilesBySql(today()));
    expect(await unconfirmedBySql()).toEqual({ pending: 0, failed: 1 });
    expect(body.sync.pushesFailed).toBeGreaterThanOrEqual(1);
  });

  it('answers nothing for a range without sales', async () => {
    const answer = await orgCall(
      org.t,
      org.user,
      'GET',
      '/v1/analytics/summary?from=2020-01-01&to=2020-01-31',
    );
    expect(answer.json<AnalyticsSummary>().sync.saleToLastChannel).toEqual({
      synced: 0,
      p50Ms: null,
      p95Ms: null,
      precisionPercent: 9,
      pending: 0,
      failed: 0,
    });
  });
});
