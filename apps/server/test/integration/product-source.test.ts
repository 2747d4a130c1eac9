import { beforeAll, describe, expect, it } from 'vitest';
import { productSourceMessages } from '@stocksync/contract';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, DEMO_SHOP, type TestChannels } from '../support/channels';
import { importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

// Issue 25 item 4: the channel a product first came from stays the source of its title and
// descriptive fields unless the seller picks another (PUT /v1/products/{id}/source); the next
// re-import from the new source updates them and the old source's no longer do. Through the
// emulators over HTTP (Shopify products 0..13 and eBay 6..11 share SKUs under other titles).

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

async function importAll(user: SignedInUser, platform: string, pc: string) {
  const done = await harness.importAndRun(user, platform, { pc_id: pc, all: true });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
}

const titleOf = async (productId: string) =>
  (
    await t.db.db
      .selectFrom('products')
      .select('title')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
  ).title;

/** A product that came from Shopify and is listed on eBay too, with its listings' ids. */
async function sharedProduct(orgId: string, shopify: string, ebay: string) {
  const onEbay = await t.db.db
    .selectFrom('channel_listings as cl')
    .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
    .innerJoin('products as p', 'p.id', 'pv.product_id')
    .select(['p.id', 'cl.external_variant_id as sku'])
    .where('cl.organization_id', '=', orgId)
    .where('cl.connection_id', '=', ebay)
    .where('p.source_connection_id', '=', shopify)
    .orderBy('cl.external_variant_id')
    .executeTakeFirstOrThrow();
  const onShopify = await t.db.db
    .selectFrom('channel_listings as cl')
    .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
    .select('cl.external_product_id')
    .where('pv.product_id', '=', onEbay.id)
    .where('cl.connection_id', '=', shopify)
    .executeTakeFirstOrThrow();
  return {
    id: onEbay.id,
    ebaySku: onEbay.sku,
    shopifyProductId: onShopify.external_product_id.split('/').pop()!,
  };
}

/** The seller renames the eBay listing holding `sku` (its group's title, or the item's). */
function renameOnEbay(sku: string, title: string) {
  const stored = ch.ebay.store.items.get(sku)!;
  const [group] = stored.groupKeys;
  if (group) ch.ebay.store.groups.get(group)!.title = title;
  else stored.item.product = { ...stored.item.product, title };
}

describe('the source of a product', () => {
  it('follows the channel the seller picks: its re-import renames, the old source no longer does', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const ebay = await connectOAuth(t, user, 'ebay');
    await importAll(user, 'shopify', shopify);
    await importAll(user, 'ebay', ebay);
    const product = await sharedProduct(user.firstOrgId, shopify, ebay);
    const url = `/v1/products/${product.id}/source`;

    const before = await orgCall(t, user, 'GET', url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ product_id: product.id, source_pc_id: shopify });
    expect(
      before
        .json()
        .candidates.map((c: { pc_id: string }) => c.pc_id)
        .sort(),
    ).toEqual([shopify, ebay].sort());

    const original = await titleOf(product.id);
    renameOnEbay(product.ebaySku, 'Renamed on eBay');
    ch.shopify.adminUpdateProduct(DEMO_SHOP, product.shopifyProductId, {
      title: 'Renamed on Shopify',
    });
    // Still from Shopify: eBay's re-import renames nothing.
    await importAll(user, 'ebay', ebay);
    expect(await titleOf(product.id)).toBe(original);

    const picked = await orgCall(t, user, 'PUT', url, { pc_id: ebay });
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({ product_id: product.id, source_pc_id: ebay });
    expect((await orgCall(t, user, 'GET', url)).json().source_pc_id).toBe(ebay);

    await importAll(user, 'shopify', shopify);
    expect(await titleOf(product.id)).toBe(original);
    await importAll(user, 'ebay', ebay);
    expect(await titleOf(product.id)).toBe('Renamed on eBay');

    const activity = await orgCall(t, user, 'GET', '/v1/activity_logs?page=1&pageSize=50');
    const entry = activity
      .json<{ activities: { activity: string; note: string }[] }>()
      .activities.find((e) => e.activity === productSourceMessages.changed);
    expect(entry?.note).toMatch(/now follow eBay .* \(before: Shopify /);
  });

  it('refuses a connection that does not list the product, naming pc_id, and other organisations', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const tiktok = await connectOAuth(t, user, 'tiktok');
    await importAll(user, 'shopify', shopify);
    const { id } = await t.db.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', user.firstOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/v1/products/${id}/source`;
    for (const pcId of [tiktok, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await orgCall(t, user, 'PUT', url, { pc_id: pcId });
      expect(answer.statusCode, pcId).toBe(400);
      expect(answer.json().field).toBe('pc_id');
    }
    expect((await orgCall(t, user, 'PUT', url, { pc_id: tiktok })).json().error).toBe(
      productSourceMessages.notListed,
    );
    expect((await orgCall(t, user, 'GET', url)).json().source_pc_id).toBe(shopify);

    const stranger = await signIn(t);
    expect((await orgCall(t, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await orgCall(t, stranger, 'PUT', url, { pc_id: shopify })).statusCode).toBe(404);
    expect((await orgCall(t, user, 'GET', `/v1/products/nope/source`)).json().field).toBe('id');
  });
});
