import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SHOP } from '../support/channels';
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
 * The incremental stock check reads one page a run (ADR 0054): a pass longer than a page takes
 * several runs of the connection's sync queue, paced by Shopify's cost bucket, and the pushes
 * queued meanwhile run in between instead of waiting for the whole pass. Against the emulators
 * over HTTP, jobs run as the worker runs them; a run due later is started at once, as if its time
 * had come.
 */

vi.setConfig({ testTimeout: 60_000 });

let org: SyncedOrg;

/** A large bucket refilling fast: the check's share of it never makes a page wait. */
const ROOMY = { maximumAvailable: 40_000, restoreRate: 1_000 };
/**
 * As large, refilling slowly: the check's share of what it restores (half of 0.5 points a second,
 * 15 a minute) pays for one page of 9 points at once; the second waits until 72 s into the pass.
 */
const SLOW = { maximumAvailable: 40_000, restoreRate: 0.5 };

beforeAll(async () => {
  org = await startSyncedOrg({
    // Two levels a page, so a handful of changed levels makes a pass of several pages.
    shopifyConfig: { changesPageSize: 2 },
    beforeConnect: (ch) => {
      ch.shopify.settings.plans.standard = ROOMY;
    },
  });
  await settle(org);
  await org.t.app.services.sync.schedulePolls();
  await settle(org);
}, 120_000);

afterAll(async () => {
  await org?.close();
});

/** The Shopify account's pending check: its job id, when it runs, whether it continues a pass. */
async function shopifyCheck() {
  const { rows } = await sql<{
    id: string;
    in_ms: number;
    continues: boolean;
    after: string | null;
  }>`
    SELECT j.id, (extract(epoch FROM j.run_at - now()) * 1000)::float8 AS in_ms,
      p.payload->'pass' IS NOT NULL AS continues, p.payload->'pass'->>'after' AS after
    FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id
    WHERE j.key = ${`changes:${org.pc.shopify}`} AND j.task_identifier = 'sync_changes'`.execute(
    org.t.db.db,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** One run of the check, started now as if its time had come, and the jobs due with it. */
async function runCheckOnce(): Promise<void> {
  const { id } = await shopifyCheck();
  await sql`SELECT graphile_worker.reschedule_jobs(ARRAY[${id}::bigint], run_at := now())`.execute(
    org.t.db.db,
  );
  await runDueJobs(org.t);
}

/** The runs left of the pass under way, if any; answers how many there were. */
async function finishPass(): Promise<number> {
  let runs = 0;
  while ((await shopifyCheck()).continues) {
    expect(runs).toBeLessThan(100);
    await runCheckOnce();
    runs++;
  }
  await settle(org);
  return runs;
}

describe('a pass of several pages', () => {
  it('takes several runs, pushes queued meanwhile go first, and every sale counts once', async () => {
    await finishPass(); // the first pass, scheduled by the sweep
    const lost = await Promise.all(org.linked.slice(0, 3).map((l) => shopifyStock(org, l)));
    const other = await shopifyStock(org, org.linked[3]!);
    const start = new Map<string, number>();
    for (const v of [...lost, other]) start.set(v.variantId, await masterQty(org, v.variantId));
    const ledgerBefore = new Map<string, number>();
    for (const v of [...lost, other])
      ledgerBefore.set(v.variantId, (await ledgerOf(org, v.variantId)).length);

    // Three Shopify sales whose webhooks are lost: three changed levels, two a page.
    org.ch.shopify.core.setFaults({ dropWebhookRate: 1 });
    try {
      for (const v of lost)
        org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku: v.sku, quantity: 1 }] });
    } finally {
      org.ch.shopify.core.setFaults({ dropWebhookRate: 0 });
    }
    const late = lost[0]!.level();
    await settle(org);

    // The pass begins on a slow bucket: its first page, then its next run waits for the
    // check's share of the bucket.
    org.ch.shopify.settings.plans.standard = SLOW;
    await runCheckOnce();
    const paused = await shopifyCheck();
    expect(paused.continues).toBe(true);
    expect(paused.in_ms).toBeGreaterThan(30_000);
    // The minutely sweep keeps the pass where it is (it restarts only a stopped check).
    await org.t.app.services.sync.schedulePolls();
    expect(await shopifyCheck()).toMatchObject({ id: paused.id, after: paused.after });

    // Meanwhile a sale on TikTok Shop: its push to Shopify is done before the pass goes on (and
    // its answer shows the bucket refilling fast again, so the rest of the pass need not wait).
    org.ch.shopify.settings.plans.standard = ROOMY;
    org.ch.tiktok.simulateSale({ sellerSku: other.sku, quantity: 1 });
    await settle(org);
    expect(other.level().available).toBe(start.get(other.variantId)! - 1);
    expect((await shopifyCheck()).after).toBe(paused.after);

    // The rest of the pass, then a webhook that arrives late after all.
    expect(await finishPass()).toBeGreaterThan(0);
    await sendStockWebhook(org, lost[0]!, late);
    await settle(org);

    for (const v of lost) {
      const was = start.get(v.variantId)!;
      expect(await everywhere(org, v.variantId, v.sku)).toEqual({
        master: was - 1,
        ebay: was - 1,
        tiktok: was - 1,
      });
      expect((await ledgerOf(org, v.variantId)).slice(ledgerBefore.get(v.variantId))).toEqual([
        { cause: 'channel_edit', delta: -1, connection_id: org.pc.shopify },
      ]);
    }
    // Our own push, read back by the pass, changed nothing.
    expect(await masterQty(org, other.variantId)).toBe(start.get(other.variantId)! - 1);
    expect((await ledgerOf(org, other.variantId)).slice(ledgerBefore.get(other.variantId))).toEqual(
      [{ cause: 'order', delta: -1, connection_id: org.pc.tiktok }],
    );
  });
});
