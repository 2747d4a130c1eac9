import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, DEMO_SHOP, type TestChannels } from '../support/channels';
import { importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

// Issue 25 item 4: products on several channels (sync off) re-imported channel after channel kept
// the title and stock of whichever channel was imported last ("Classic Canvas Candle" (96) became
// "Compact Silk Wallet" (154)). The emulators' catalogues share SKUs under different titles and
// quantities (Shopify products 0..13, eBay 6..11), as the sandbox accounts do.

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

/** Our products with their variants' SKUs and quantities, by product id. */
async function catalogue(orgId: string) {
  const rows = await t.db.db
    .selectFrom('products as p')
    .innerJoin('product_variants as pv', 'pv.product_id', 'p.id')
    .select(['p.id', 'p.title', 'pv.id as variant_id', 'pv.sku', 'pv.available_qty'])
    .where('p.organization_id', '=', orgId)
    .orderBy('pv.id')
    .execute();
  const products = new Map<string, { title: string; variants: Record<string, number> }>();
  for (const r of rows) {
    const p = products.get(r.id) ?? { title: r.title, variants: {} };
    p.variants[r.variant_id] = r.available_qty;
    products.set(r.id, p);
  }
  return products;
}

/** Products listed on both accounts (linked by SKU). */
async function linkedProducts(orgId: string, a: string, b: string) {
  const rows = await t.db.db
    .selectFrom('channel_listings as cl')
    .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
    .select(['pv.product_id', 'cl.connection_id'])
    .where('cl.organization_id', '=', orgId)
    .execute();
  const on = (pc: string) =>
    new Set(rows.filter((r) => r.connection_id === pc).map((r) => r.product_id));
  const onB = on(b);
  return [...on(a)].filter((id) => onB.has(id));
}

async function importAll(user: SignedInUser, platform: string, pc: string) {
  const done = await harness.importAndRun(user, platform, { pc_id: pc, all: true });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
  return done.id as string;
}

describe('re-importing products listed on several channels', () => {
  it('keeps the title and stock of the channel each product came from, whatever is imported last', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const ebay = await connectOAuth(t, user, 'ebay');
    await importAll(user, 'shopify', shopify);
    await importAll(user, 'ebay', ebay);
    const linked = await linkedProducts(user.firstOrgId, shopify, ebay);
    expect(linked.length).toBeGreaterThan(0);
    const before = await catalogue(user.firstOrgId);

    await importAll(user, 'shopify', shopify);
    await importAll(user, 'ebay', ebay);
    const after = await catalogue(user.firstOrgId);
    for (const id of linked) expect(after.get(id), id).toEqual(before.get(id));
    expect(after).toEqual(before);
    // Nothing the re-imports did is in the stock history: no quantity moved.
    const entries = await ledger(user.firstOrgId);
    expect(entries.filter((e) => e.delta !== 0 && e.idempotency_key.split(':').length > 2)).toEqual(
      [],
    );
  });

  it('takes a new title and quantity from the source channel only, as stock history of the import', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const ebay = await connectOAuth(t, user, 'ebay');
    await importAll(user, 'shopify', shopify);
    await importAll(user, 'ebay', ebay);
    const [productId] = await linkedProducts(user.firstOrgId, shopify, ebay);
    const variant = await t.db.db
      .selectFrom('product_variants as pv')
      .innerJoin('channel_listings as cl', 'cl.variant_id', 'pv.id')
      .select(['pv.id', 'pv.sku', 'pv.available_qty', 'cl.external_product_id'])
      .where('pv.product_id', '=', productId!)
      .where('cl.connection_id', '=', shopify)
      .where('pv.sku', 'in', Object.keys(ch.ebay.quantities()))
      .executeTakeFirstOrThrow();

    // eBay sells some and renames nothing of ours; Shopify renames the product and has new stock.
    ch.ebay.setQuantity(variant.sku, variant.available_qty + 50);
    const shopifyId = variant.external_product_id.split('/').pop()!;
    ch.shopify.adminUpdateProduct(DEMO_SHOP, shopifyId, { title: 'Renamed on Shopify' });
    ch.shopify.adminSetAvailable(DEMO_SHOP, { sku: variant.sku, available: 7 });

    await importAll(user, 'ebay', ebay);
    const kept = await variantNow(variant.id);
    expect(kept).toEqual({ qty: variant.available_qty, title: await titleOf(productId!) });
    expect(await titleOf(productId!)).not.toBe('Renamed on Shopify');

    const shopifyImport = await importAll(user, 'shopify', shopify);
    expect(await titleOf(productId!)).toBe('Renamed on Shopify');
    expect((await variantNow(variant.id)).qty).toBe(7);
    const moved = (await ledger(user.firstOrgId)).filter(
      (e) => e.variant_id === variant.id && e.reference === `import:${shopifyImport}`,
    );
    expect(moved).toEqual([
      expect.objectContaining({
        cause: 'import',
        connection_id: shopify,
        qty_before: variant.available_qty,
        qty_after: 7,
        delta: 7 - variant.available_qty,
      }),
    ]);
  });

  it('keeps the master quantity of a synced product on re-import', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    await importAll(user, 'shopify', shopify);
    const variant = await t.db.db
      .selectFrom('product_variants')
      .select(['id', 'sku', 'product_id', 'available_qty'])
      .where('organization_id', '=', user.firstOrgId)
      .where('sku', '<>', '')
      .orderBy('sku')
      .executeTakeFirstOrThrow();
    const toggled = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [variant.product_id],
      is_synced: true,
    });
    expect(toggled.statusCode).toBe(200);
    ch.shopify.adminSetAvailable(DEMO_SHOP, {
      sku: variant.sku,
      available: variant.available_qty + 9,
    });
    await importAll(user, 'shopify', shopify);
    expect((await variantNow(variant.id)).qty).toBe(variant.available_qty);
  });
});

async function ledger(orgId: string) {
  return t.db.db
    .selectFrom('inventory_ledger')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('id')
    .execute();
}

async function titleOf(productId: string) {
  const row = await t.db.db
    .selectFrom('products')
    .select('title')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.title;
}

async function variantNow(id: string) {
  const row = await t.db.db
    .selectFrom('product_variants as pv')
    .innerJoin('products as p', 'p.id', 'pv.product_id')
    .select(['pv.available_qty', 'p.title'])
    .where('pv.id', '=', id)
    .executeTakeFirstOrThrow();
  return { qty: row.available_qty, title: row.title };
}
