import type { Faults } from '@stocksync/emulators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  everywhere,
  ledgerOf,
  masterQty,
  settle,
  startSyncedOrg,
  type SyncedOrg,
} from '../support/synced-org';

/**
 * A sale on eBay or TikTok Shop whose order webhook comes late, after a read of the listing found
 * the lower quantity and applied it as a change made there (ADR 0054): the order is handed that
 * decrease (an entry reversing it, then the order's own), so the master drops once for the sale
 * and the sale still counts as the order. The emulators hold the order's webhook and send it
 * late. The app's clock is put after the sale, as it is when a read finds it.
 */

vi.setConfig({ testTimeout: 60_000 });

let org: SyncedOrg;
let pick = 0;

beforeAll(async () => {
  // No eBay order poll in the test's time: the late notification is what brings the order.
  org = await startSyncedOrg({ syncSettings: { pollIntervalMs: 86_400_000 } });
  await settle(org);
}, 120_000);

afterAll(() => org?.close());

/** Puts the app's clock `ms` after the real time (the emulators' clock) if it is behind it. */
function clockAt(ms: number): void {
  org.t.clock.set(new Date(Math.max(org.t.clock.now().getTime(), Date.now() + ms)));
}

/** A variant's activity entries (change and source), sorted by source. */
async function activityOf(sku: string) {
  const { rows } = await org.t.db.pool.query<{ change: number; source: string }>(
    `SELECT (details ->> 'change')::int AS change, details ->> 'source' AS source
     FROM activity_logs WHERE organization_id = $1 AND details ->> 'sku' = $2
       AND details ? 'change'
     ORDER BY source`,
    [org.user.firstOrgId, sku],
  );
  return rows;
}

/** How the activity log names a connection ("TikTok Shop 'alias'"). */
async function named(platform: 'tiktok' | 'ebay'): Promise<string> {
  const { rows } = await org.t.db.pool.query<{ alias: string }>(
    'SELECT alias FROM platform_connections WHERE id = $1',
    [org.pc[platform]],
  );
  return `${platform === 'tiktok' ? 'TikTok Shop' : 'eBay'} '${rows[0]!.alias}'`;
}

const channels = {
  tiktok: {
    sell: (sku: string, quantity: number) =>
      org.ch.tiktok.simulateSale({ sellerSku: sku, quantity }).id,
    // The seller saves the product on TikTok Shop: its product webhook asks for a read.
    read: async (sku: string) => {
      const { tiktok } = org.ch;
      const quantity = tiktok.store.total(tiktok.store.resolve({ sellerSku: sku }).sku);
      tiktok.setQuantity({ sellerSku: sku, quantity });
    },
    faults: (faults: Partial<Faults>) => org.ch.tiktok.core.setFaults(faults),
    release: () => org.ch.tiktok.core.webhooks.release(),
  },
  ebay: {
    sell: (sku: string, quantity: number) =>
      org.ch.ebay.simulateSale({ sku, quantity }).orderId ?? '',
    // The incremental check reads every eBay quantity.
    read: () => org.t.app.services.sync.changes.run(org.pc.ebay),
    faults: (faults: Partial<Faults>) => org.ch.ebay.core.setFaults(faults),
    release: () => org.ch.ebay.core.webhooks.release(),
  },
} as const;

describe.each(['tiktok', 'ebay'] as const)(
  'a late %s order after a read applied its sale',
  (platform) => {
    const channel = channels[platform];

    it('drops the master once, and the sale counts as the order', async () => {
      const { variantId, sku } = org.linked[pick++]!;
      const start = await masterQty(org, variantId);
      const before = (await ledgerOf(org, variantId)).length;
      channel.faults({ holdWebhooks: true });
      let orderId: string;
      try {
        orderId = channel.sell(sku, 2);
      } finally {
        channel.faults({ holdWebhooks: false });
      }
      clockAt(1_000);
      await channel.read(sku);
      await settle(org);
      // Nothing told us of an order: the read's difference is a change made on the channel.
      expect(await masterQty(org, variantId)).toBe(start - 2);

      // The late webhook, delivered twice.
      channel.faults({ duplicateWebhookRate: 1 });
      try {
        expect(channel.release()).toBeGreaterThan(0);
        await settle(org);
      } finally {
        channel.faults({ duplicateWebhookRate: 0 });
      }
      expect(await everywhere(org, variantId, sku)).toEqual({
        master: start - 2,
        ebay: start - 2,
        tiktok: start - 2,
      });
      const pc = org.pc[platform];
      expect((await ledgerOf(org, variantId)).slice(before)).toEqual([
        { cause: 'channel_edit', delta: -2, connection_id: pc },
        { cause: 'channel_edit', delta: 2, connection_id: pc },
        { cause: 'order', delta: -2, connection_id: pc },
      ]);
      const where = await named(platform);
      const source = `order ${orderId} on ${where}`;
      const entries = await activityOf(sku);
      expect(entries.filter((e) => e.source.includes(where))).toEqual([
        { change: -2, source: `changed on ${where}` },
        { change: -2, source },
        { change: 2, source: `${source}, counted as a change there before its order came` },
      ]);
      // Nothing left for a second delivery of the order to claim, and nothing applied twice.
      const { rows } = await org.t.db.pool.query(
        `SELECT 1 FROM channel_edit_decreases d JOIN channel_listings cl ON cl.id = d.listing_id
       WHERE cl.variant_id = $1`,
        [variantId],
      );
      expect(rows).toEqual([]);
    });

    it('leaves an edit made before a sale as it is: the sale counts too', async () => {
      const { variantId, sku } = org.linked[pick++]!;
      const start = await masterQty(org, variantId);
      const before = (await ledgerOf(org, variantId)).length;
      // The edit is read before the sale: the sale is stamped after our clock's time of the read.
      const readAt = org.t.clock.now().getTime();
      if (platform === 'tiktok') org.ch.tiktok.setQuantity({ sellerSku: sku, quantity: start - 3 });
      else {
        org.ch.ebay.setQuantity(sku, start - 3);
        await channel.read(sku);
      }
      await settle(org);
      expect(await masterQty(org, variantId)).toBe(start - 3);

      // TikTok stamps orders to the second.
      while (Date.now() < readAt + 1_500) await new Promise((resolve) => setTimeout(resolve, 100));
      clockAt(1_000);
      channel.sell(sku, 1);
      await settle(org);
      expect(await everywhere(org, variantId, sku)).toEqual({
        master: start - 4,
        ebay: start - 4,
        tiktok: start - 4,
      });
      expect((await ledgerOf(org, variantId)).slice(before)).toEqual([
        { cause: 'channel_edit', delta: -3, connection_id: org.pc[platform] },
        { cause: 'order', delta: -1, connection_id: org.pc[platform] },
      ]);
    });
  },
);
