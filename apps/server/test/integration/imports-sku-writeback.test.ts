import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { defaultSkuSettings, skuWritebackMessages, type ImportPreview } from '@stocksync/contract';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, DEMO_SHOP, type TestChannels } from '../support/channels';
import { importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

// Issue 25 item 1: an import that generates SKUs for new variants (SKU settings, autoCreate) sends
// them to the channel listings through the SKU write-back when the seller opts in
// (write_back_skus), over HTTP to the emulators; the dry run says what it would send.

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

async function autoCreate(user: SignedInUser) {
  const put = await orgCall(t, user, 'PUT', '/v1/users/sku-settings', {
    ...defaultSkuSettings,
    autoCreate: true,
  });
  expect(put.statusCode).toBe(200);
}

/** Our variant's SKU for each listing of the connection, by external variant id. */
async function ourSkus(pc: string): Promise<Map<string, string>> {
  const rows = await t.db.db
    .selectFrom('channel_listings as cl')
    .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
    .select(['cl.external_variant_id', 'pv.sku'])
    .where('cl.connection_id', '=', pc)
    .execute();
  return new Map(rows.map((r) => [r.external_variant_id, r.sku]));
}

async function dryRun(user: SignedInUser, platform: string, pc: string): Promise<ImportPreview> {
  const answer = await orgCall(t, user, 'POST', `/v1/import/${platform}`, {
    pc_id: pc,
    all: true,
    dry_run: true,
    write_back_skus: true,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function importAll(user: SignedInUser, platform: string, pc: string, writeBack: boolean) {
  const done = await harness.importAndRun(user, platform, {
    pc_id: pc,
    all: true,
    ...(writeBack ? { write_back_skus: true } : {}),
  });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
}

async function notes(user: SignedInUser, activity: string): Promise<string[]> {
  const answer = await orgCall(t, user, 'GET', '/v1/activity_logs?page=1&pageSize=100');
  return answer
    .json<{ activities: { activity: string; note: string }[] }>()
    .activities.filter((e) => e.activity.startsWith(activity))
    .map((e) => e.note);
}

const shopifyGid = (id: number) => `gid://shopify/ProductVariant/${id}`;
/** The SKU the Shopify store holds for a variant (its inventory item's). */
const shopifySku = (variantId: number) => {
  const shop = ch.shopify.shop(DEMO_SHOP);
  return shop.items.get(shop.variants.get(variantId)!.inventoryItemId)!.sku;
};

describe('importing with write_back_skus', () => {
  it('sends nothing without the opt-in, and says when SKU generation on import is off', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const off = await dryRun(user, 'shopify', shopify);
    expect(off.skus).toMatchObject({ auto_create: false, generate: 0, push: 0 });
    expect(off.skus!.reason).toMatch(/SKU generation on import is off/);

    await autoCreate(user);
    const blank = ch.shopify
      .snapshot(DEMO_SHOP)
      .filter((v) => !v.sku)
      .map((v) => v.variantId);
    expect(blank.length).toBeGreaterThan(0);
    await importAll(user, 'shopify', shopify, false);
    const ours = await ourSkus(shopify);
    for (const id of blank) {
      expect(ours.get(shopifyGid(id)), String(id)).toMatch(/^\S+$/); // generated here
      expect(shopifySku(id)).toBe(''); // and not sent
    }
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sku_pushes WHERE organization_id = ${user.firstOrgId}`.execute(
      t.db.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('sends the generated SKUs to Shopify and TikTok listings; eBay is refused with the reason', async () => {
    const user = await signIn(t);
    await autoCreate(user);
    const shopify = await connectShopify(t, user);
    const tiktok = await connectOAuth(t, user, 'tiktok');
    const ebay = await connectOAuth(t, user, 'ebay');
    const blankOnShopify = ch.shopify
      .snapshot(DEMO_SHOP)
      .filter((v) => !v.sku)
      .map((v) => v.variantId);
    expect(blankOnShopify.length).toBeGreaterThan(0); // the seeded store has some
    // One TikTok SKU without a seller_sku, whatever the seed gave.
    const tiktokSkus = [...ch.tiktok.store.skus.entries()];
    ch.tiktok.store.setSellerSku(tiktokSkus.at(-1)![1], '');
    const blankOnTiktok = tiktokSkus.filter(([, ref]) => !ref.sku.seller_sku).map(([id]) => id);

    // The dry run says what would be generated and sent, and writes nothing.
    const n = blankOnShopify.length;
    expect((await dryRun(user, 'shopify', shopify)).skus).toEqual({
      auto_create: true,
      generate: n,
      push: n,
      refused: 0,
      reason: null,
    });
    expect((await ourSkus(shopify)).size).toBe(0);

    await importAll(user, 'shopify', shopify, true);
    const onShopify = await ourSkus(shopify);
    for (const id of blankOnShopify) {
      const ours = onShopify.get(shopifyGid(id));
      expect(ours, String(id)).toMatch(/^\S+$/);
      expect(shopifySku(id)).toBe(ours);
    }

    const m = blankOnTiktok.length;
    expect((await dryRun(user, 'tiktok', tiktok)).skus).toMatchObject({ generate: m, push: m });
    await importAll(user, 'tiktok', tiktok, true);
    const onTiktok = await ourSkus(tiktok);
    for (const id of blankOnTiktok) {
      expect(onTiktok.get(id), id).toMatch(/^\S+$/);
      expect(ch.tiktok.store.skus.get(id)!.sku.seller_sku).toBe(onTiktok.get(id));
    }

    // eBay's SKU is the item's key: the dry run says its listings are not sent a new one, and why.
    const ebayPreview = await dryRun(user, 'ebay', ebay);
    expect(ebayPreview.skus).toMatchObject({
      auto_create: true,
      push: 0,
      reason: skuWritebackMessages.ebaySkuIsKey,
    });
    expect(ebayPreview.skus!.refused).toBe(ebayPreview.skus!.generate);
    await importAll(user, 'ebay', ebay, true);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sku_pushes WHERE connection_id = ${ebay}`.execute(t.db.db);
    expect(Number(rows[0]!.n)).toBe(0);

    // Results per listing and activity entries, as the write-back gives them.
    const { rows: pushes } = await sql<{ connection_id: string; status: string; n: string }>`
      SELECT connection_id, status, count(*) AS n FROM sku_pushes
      WHERE organization_id = ${user.firstOrgId} GROUP BY 1, 2`.execute(t.db.db);
    expect(pushes.map((p) => ({ ...p, n: Number(p.n) }))).toEqual(
      expect.arrayContaining([
        { connection_id: shopify, status: 'pushed', n },
        { connection_id: tiktok, status: 'pushed', n: m },
      ]),
    );
    expect(pushes).toHaveLength(2);
    const imports = await notes(user, 'Import from');
    expect(imports).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${n} new SKUs queued to be sent to the channel`),
        expect.stringContaining(`${m} new SKUs queued to be sent to the channel`),
      ]),
    );
    expect(await notes(user, 'SKU write-back')).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${n} of ${n} SKUs set on`),
        expect.stringContaining(`${m} of ${m} SKUs set on`),
      ]),
    );
  });

  it('names the field of a bad opt-in', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const bad = await orgCall(t, user, 'POST', '/v1/import/shopify', {
      pc_id: shopify,
      all: true,
      write_back_skus: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'write_back_skus' });
  });
});
