import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { defaultSkuSettings, skuWritebackMessages, type ImportPreview } from '@stocksync/contract';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, type TestChannels } from '../support/channels';
import { importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

// Issue 25: what an import with autoCreate generates is what its dry run said it would (skus.
// generate): the imported variants left without a SKU, no more (siblings another channel brought
// in are not this import's) and no less (re-imported ones still without one). eBay items always
// carry their SKU (the inventory item's key): they arrive with it, and there is nothing to generate.

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

/** Generated SKUs start with GEN-; the emulators' own start with SS-. */
async function skuSettings(user: SignedInUser, autoCreate: boolean) {
  const put = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', {
    ...defaultSkuSettings,
    prefix: 'GEN',
    autoCreate,
  });
  expect(put.statusCode).toBe(200);
}

async function dryRun(user: SignedInUser, platform: string, pc: string) {
  const answer = await orgCall(t, user, 'POST', `/v1/import/${platform}`, {
    pc_id: pc,
    all: true,
    dry_run: true,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<ImportPreview>().skus!;
}

async function importAll(user: SignedInUser, platform: string, pc: string) {
  const done = await harness.importAndRun(user, platform, { pc_id: pc, all: true });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
}

/** The organisation's generated SKUs and its variants without one. */
async function skuCounts(orgId: string) {
  const { rows } = await sql<{ generated: string; blank: string }>`
    SELECT count(*) FILTER (WHERE sku LIKE 'GEN-%') AS generated,
           count(*) FILTER (WHERE sku = '') AS blank
    FROM product_variants WHERE organization_id = ${orgId}`.execute(t.db.db);
  return { generated: Number(rows[0]!.generated), blank: Number(rows[0]!.blank) };
}

/** The connection's listings whose variant has no SKU. */
async function blankListings(pc: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM channel_listings cl
    JOIN product_variants pv ON pv.id = cl.variant_id
    WHERE cl.connection_id = ${pc} AND pv.sku = ''`.execute(t.db.db);
  return Number(rows[0]!.n);
}

describe('SKUs generated on import', () => {
  it('are as many as the dry run said, when another account brought in blanks first', async () => {
    const user = await signIn(t);
    await skuSettings(user, false);
    const first = await connectShopify(t, user);
    await importAll(user, 'shopify', first);
    const before = await skuCounts(user.firstOrgId);
    expect(before).toMatchObject({ generated: 0 });
    expect(before.blank).toBeGreaterThan(0);

    // A twin store (the same catalogue, so the same SKUs and the same blanks) imported with
    // autoCreate on: its blanks are new variants, some beside the first store's blanks.
    const twinShop = 'twin-store.myshopify.com';
    ch.shopify.seed(twinShop, { products: 14, seed: 42 });
    const twin = await connectShopify(t, user, twinShop);
    await skuSettings(user, true);
    const planned = await dryRun(user, 'shopify', twin);
    expect(planned.generate).toBeGreaterThan(0);
    await importAll(user, 'shopify', twin);
    const afterTwin = await skuCounts(user.firstOrgId);
    expect(afterTwin.generated).toBe(planned.generate);
    expect(await blankListings(twin)).toBe(0);
    expect(await blankListings(first)).toBe(before.blank);

    // Re-importing the first store generates its variants still without a SKU, as announced.
    const again = await dryRun(user, 'shopify', first);
    expect(again.generate).toBe(before.blank);
    await importAll(user, 'shopify', first);
    expect(await skuCounts(user.firstOrgId)).toEqual({
      generated: planned.generate + before.blank,
      blank: 0,
    });
    // Once they have one, nothing is left to generate.
    expect((await dryRun(user, 'shopify', first)).generate).toBe(0);
  });

  it('are none from eBay, whose items arrive with their own SKU, and the dry run says why', async () => {
    const user = await signIn(t);
    await skuSettings(user, true);
    const ebay = await connectOAuth(t, user, 'ebay');
    const planned = await dryRun(user, 'ebay', ebay);
    expect(planned).toEqual({
      auto_create: true,
      generate: 0,
      push: 0,
      refused: 0,
      reason: skuWritebackMessages.ebaySkuIsKey,
    });
    await importAll(user, 'ebay', ebay);
    expect(await skuCounts(user.firstOrgId)).toEqual({ generated: 0, blank: 0 });
    const { rows } = await sql<{ sku: string; channel_sku: string }>`
      SELECT pv.sku, cl.channel_sku FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      WHERE cl.connection_id = ${ebay}`.execute(t.db.db);
    expect(rows.map((r) => r.sku).sort()).toEqual(Object.keys(ch.ebay.quantities()).sort());
    expect(rows.every((r) => r.sku === r.channel_sku)).toBe(true);
  });
});
