import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDueJobs } from '../support/jobs';
import {
  everywhere,
  ledgerOf,
  masterQty,
  settle,
  startSyncedOrg,
  type SyncedOrg,
} from '../support/synced-org';

/**
 * A difference read on eBay (no compare-and-set) is an edit only once no order can still explain
 * it (ADR 0025): the incremental check reads every eBay quantity (ADR 0054), so it can read a sale
 * whose order is not in yet; that order, applied later, must not count the sale a second time.
 * The notification of the sale is dropped and the order poll is a day away, so the test decides
 * when the order arrives; the app's clock is moved on as time would pass.
 */

vi.setConfig({ testTimeout: 60_000 });

const SETTLE_MS = 5_000;
let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg({
    syncSettings: { pollIntervalMs: 86_400_000, driftSettleMs: SETTLE_MS },
  });
  // Starts the eBay order watch; its next run is a day away.
  await org.t.app.services.sync.orders.poll(org.pc.ebay);
  await settle(org);
}, 120_000);

afterAll(() => org?.close());

/**
 * The eBay connection's job, run now as its second look at a drift is due (once settled), and the
 * jobs due with it (not settle(): a drift waiting for its look keeps its listing's check pending).
 */
async function ebayJob(): Promise<void> {
  org.t.clock.advance(SETTLE_MS);
  await org.t.app.services.sync.connectionSync.run(org.pc.ebay);
  await runDueJobs(org.t);
}

describe('an eBay sale the incremental check reads before its order is in', () => {
  it('waits for the order, and counts the sale once, as the order', async () => {
    const { variantId, sku } = org.linked[0]!;
    const start = await masterQty(org, variantId);
    const before = (await ledgerOf(org, variantId)).length;
    org.t.clock.advance(1_000);
    org.ch.ebay.core.setFaults({ dropWebhookRate: 1 });
    try {
      org.ch.ebay.simulateSale({ sku, quantity: 1 });
    } finally {
      org.ch.ebay.core.setFaults({ dropWebhookRate: 0 });
    }
    await settle(org);

    // The check finds eBay's quantity lower; the difference has settled, but no order poll has
    // run since it was seen: it is not applied.
    await org.t.app.services.sync.changes.run(org.pc.ebay);
    await runDueJobs(org.t);
    await ebayJob();
    await ebayJob();
    expect(await masterQty(org, variantId)).toBe(start);

    // The poll brings the order in: the sale counts once, and the difference is gone.
    await org.t.app.services.sync.orders.poll(org.pc.ebay);
    await runDueJobs(org.t);
    await ebayJob();
    await settle(org);
    expect(await everywhere(org, variantId, sku)).toEqual({
      master: start - 1,
      ebay: start - 1,
      tiktok: start - 1,
    });
    expect((await ledgerOf(org, variantId)).slice(before)).toEqual([
      { cause: 'order', delta: -1, connection_id: org.pc.ebay },
    ]);
  });
});
