import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orgCall } from './catalog-fixtures';
import { signIn } from '../support/app';
import { connectShopify, DEMO_SHOP } from '../support/channels';
import { runDueJobs } from '../support/jobs';
import { masterQty, settle, startSyncedOrg, type SyncedOrg } from '../support/synced-org';

/**
 * A Shopify sale of more than the master holds (issue 22 item 3): the master goes below 0 by what
 * was sold, the oversale is a warning entry naming the order, and the other channels get 0. And
 * with a second organisation syncing the same store (the sandbox store every organisation of a
 * demo server shares), each organisation's master still moves by the sale once.
 */

vi.setConfig({ testTimeout: 90_000 });

let org: SyncedOrg;
let pick = 0;

beforeAll(async () => {
  org = await startSyncedOrg();
  await settle(org);
}, 120_000);

afterAll(async () => {
  await org?.close();
});

function sellOnShopify(sku: string, quantity: number) {
  org.ch.shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity }] });
}

describe('a Shopify sale of more than the master holds', () => {
  it('takes the master below 0 and says so', async () => {
    const { variantId, sku } = org.linked[pick++]!;
    const start = await masterQty(org, variantId);
    expect(start).toBeGreaterThan(0);
    sellOnShopify(sku, start + 2);
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(-2);
    const { rows } = await org.t.db.pool.query<{ status: string; details: { source: string } }>(
      `SELECT status, details FROM activity_logs
       WHERE organization_id = $1 AND activity = 'Oversold' ORDER BY id DESC LIMIT 1`,
      [org.user.firstOrgId],
    );
    expect(rows[0]?.status).toBe('warning');
  });

  it('moves each organisation syncing the same store by the sale once', async () => {
    const { t } = org;
    const other = await signIn(t);
    const pc = await connectShopify(t, other);
    const started = await orgCall(t, other, 'POST', '/v1/import/shopify', { pc_id: pc, all: true });
    expect(started.statusCode).toBe(202);
    await runDueJobs(t);
    const { variantId, sku } = org.linked[pick++]!;
    const { rows } = await t.db.pool.query<{ id: string; product_id: string }>(
      `SELECT id, product_id FROM product_variants WHERE organization_id = $1 AND sku = $2`,
      [other.firstOrgId, sku],
    );
    const theirs = rows[0]!;
    const on = await orgCall(t, other, 'POST', '/v1/products/sync', {
      ids: [theirs.product_id],
      is_synced: true,
    });
    expect(on.statusCode).toBe(200);
    await settle(org);
    const mine = await masterQty(org, variantId);
    const theirsBefore = await masterQty(org, theirs.id);

    sellOnShopify(sku, 3);
    await settle(org);
    for (let round = 0; round < 10; round++) await runDueJobs(t);
    expect(await masterQty(org, variantId)).toBe(mine - 3);
    expect(await masterQty(org, theirs.id)).toBe(theirsBefore - 3);
  });
});
