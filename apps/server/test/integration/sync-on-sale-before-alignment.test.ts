import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { DEMO_SHOP } from '../support/channels';
import {
  everywhere,
  masterQty,
  settle,
  startSyncedOrg,
  type SyncedOrg,
} from '../support/synced-org';

/**
 * A Shopify sale made right after turning sync on for a product, before the alignment read of its
 * listings (found from the e2e oversold run, commit c7a5fdc): the master must drop by the units
 * sold and every channel must end at the master.
 */

vi.setConfig({ testTimeout: 90_000 });

let org: SyncedOrg;

beforeAll(async () => {
  org = await startSyncedOrg();
  await settle(org);
}, 120_000);

afterAll(async () => {
  await org?.close();
});

async function setSync(productId: string, on: boolean) {
  const res = await orgCall(org.t, org.user, 'POST', '/v1/products/sync', {
    ids: [productId],
    is_synced: on,
  });
  expect(res.statusCode).toBe(200);
}

describe('a Shopify sale right after turning sync on', () => {
  // Known defect (ADR 0025, Left open): turning sync on forgets what each listing holds
  // (channel_qty NULL); the sale's webhook arrives before the alignment read, is taken as what the
  // store held when sync turned on (no ledger entry), and the store is set back to the master, so
  // the units sold go back on sale on every channel. Proposed fix in ADR 0025. FIXME: skipped
  // (vitest has no fixme) until the fix lands; without the skip it fails on cc8ac14 as predicted
  // (master 19, expected 16: the 3 units sold are not taken off).
  it.skip('takes the sale off the master and every channel ends at the master', async () => {
    const { variantId, productId, sku } = org.linked[0]!;
    await setSync(productId, false);
    await settle(org);
    const start = await masterQty(org, variantId);
    expect(start).toBeGreaterThan(3);

    await setSync(productId, true);
    // Sold before any job runs: the alignment read has not happened yet.
    org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity: 3 }] });
    await settle(org);

    const now = await everywhere(org, variantId, sku);
    expect(now.master).toBe(start - 3);
    expect(now.ebay).toBe(now.master);
    expect(now.tiktok).toBe(now.master);
  });
});
