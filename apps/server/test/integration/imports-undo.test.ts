import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ImportPreview } from '@stocksync/contract';
import { signIn, type SignedInUser, type TestApp } from '../support/app';
import { connectOAuth, connectShopify, DEMO_SHOP, type TestChannels } from '../support/channels';
import { catalogueCounts, importWorld, type ImportWorld } from '../support/imports';
import { orgCall } from './catalog-fixtures';

// Issue 25 item 3: a dry run answers what an import would do and writes nothing; a real import
// can be undone within 7 days unless a later change depends on it.

const world = importWorld();
let t: TestApp;
let ch: TestChannels;
let harness: ImportWorld['harness'];
beforeAll(() => ({ t, ch, harness } = world));

/** md5 of every table's rows, the job queue's included. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
    FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker')
    ORDER BY 1`.execute(t.db.db);
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ sum: string }>`
      SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS sum
      FROM ${sql.raw(name)} x`.execute(t.db.db);
    sums[name] = rows[0]!.sum;
  }
  return sums;
}

const counts = (orgId: string) => catalogueCounts(t, orgId);

async function dryRun(user: SignedInUser, platform: string, body: object) {
  const answer = await orgCall(t, user, 'POST', `/v1/import/${platform}`, {
    ...body,
    dry_run: true,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ImportPreview>();
}

async function importAll(user: SignedInUser, platform: string, pc: string) {
  const done = await harness.importAndRun(user, platform, { pc_id: pc, all: true });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
  return done.id as string;
}

const undo = (user: SignedInUser, id: string) => orgCall(t, user, 'POST', `/v1/imports/${id}/undo`);

describe('dry run', () => {
  it('answers what an import would create, link and update, writes nothing, and matches the import', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const ebay = await connectOAuth(t, user, 'ebay');
    const empty = await dryRun(user, 'shopify', { pc_id: shopify, all: true });
    expect(empty.totals.products).toMatchObject({ create: 14, link: 0, update: 0, failed: 0 });
    await importAll(user, 'shopify', shopify);
    const remote = ch.shopify.snapshot(DEMO_SHOP);
    const product = remote[0]!;
    ch.shopify.adminUpdateProduct(DEMO_SHOP, product.productId, { title: 'Dry run title' });

    const before = await fingerprint();
    const reimport = await dryRun(user, 'shopify', { pc_id: shopify, all: true });
    const fromEbay = await dryRun(user, 'ebay', { pc_id: ebay, all: true });
    const some = await dryRun(user, 'shopify', {
      pc_id: shopify,
      product_ids: [`gid://shopify/Product/${product.productId}`, 'gid://shopify/Product/999999'],
    });
    expect(await fingerprint()).toEqual(before);

    // Re-import from the source: the renamed product is an update with its title change applied.
    expect(reimport.totals.products).toMatchObject({ create: 0, update: 1, unchanged: 13 });
    const renamed = reimport.products.find((p) => p.action === 'update')!;
    expect(renamed.changes).toContainEqual({
      target: 'product',
      sku: '',
      field: 'title',
      before: expect.any(String),
      after: 'Dry run title',
      kept: null,
    });
    // From eBay: shared SKUs link to Shopify's products and keep their titles; the rest is new.
    expect(fromEbay.totals.products.link).toBeGreaterThan(0);
    const linked = fromEbay.products.filter((p) => p.action === 'link');
    for (const p of linked) {
      expect(p.product_id).toEqual(expect.any(String));
      const title = p.changes.find((c) => c.target === 'product' && c.field === 'title');
      if (title) expect(title.kept).toBe('other_source');
    }
    expect(some.totals.products).toMatchObject({ update: 1, failed: 1 });
    expect(some.products[0]).toMatchObject({
      action: 'failed',
      reason: 'not found on the channel',
      external_id: 'gid://shopify/Product/999999',
    });

    // What the dry run said is what the import does.
    const held = await counts(user.firstOrgId);
    await importAll(user, 'ebay', ebay);
    const after = await counts(user.firstOrgId);
    expect(after.products - held.products).toBe(fromEbay.totals.products.create);
    expect(after.variants - held.variants).toBe(fromEbay.totals.variants.create);
    expect(after.listings - held.listings).toBe(fromEbay.totals.listings.create);
  });

  it('answers 400 naming the field for a bad dry_run, and 404 for another organisation', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const bad = await orgCall(t, user, 'POST', '/v1/import/shopify', {
      pc_id: pc,
      all: true,
      dry_run: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('dry_run');
    const other = await signIn(t);
    const foreign = await orgCall(t, other, 'POST', '/v1/import/shopify', {
      pc_id: pc,
      all: true,
      dry_run: true,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('undo', () => {
  it('deletes what an import created, in the activity log, once', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const remote = await harness.remoteAll(user, pc);
    const done = await harness.importAndRun(user, 'shopify', {
      pc_id: pc,
      product_ids: remote.slice(0, 3).map((p) => p.external_id),
    });
    const id = done.id as string;
    expect(done.undo_until).toEqual(expect.any(String));
    t.clock.advance(1000);
    const answer = await undo(user, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      import_id: id,
      products_deleted: 3,
      quantities_restored: 0,
    });
    expect(await counts(user.firstOrgId)).toEqual({ products: 0, variants: 0, listings: 0 });
    const shown = (await orgCall(t, user, 'GET', `/v1/imports/${id}`)).json();
    expect(shown.undone_at).toEqual(expect.any(String));
    expect(shown.undo_until).toBeNull();
    const again = await undo(user, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error ?? again.json().message).toMatch(/undone already/);
    const logs = await t.db.db
      .selectFrom('activity_logs')
      .select(['activity', 'note'])
      .where('organization_id', '=', user.firstOrgId)
      .where('activity', 'like', '%undone')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]!.note).toMatch(/^Deleted 3 products/);
    // The remote catalogue shows them as not imported again.
    const page = await harness.remoteAll(user, pc);
    expect(page.filter((p) => p.product_id !== null)).toEqual([]);
  });

  it('puts back the title and quantity a re-import changed, through the stock history', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    await importAll(user, 'shopify', pc);
    const variant = await t.db.db
      .selectFrom('product_variants as pv')
      .innerJoin('products as p', 'p.id', 'pv.product_id')
      .innerJoin('channel_listings as cl', 'cl.variant_id', 'pv.id')
      .select([
        'pv.id',
        'pv.sku',
        'pv.available_qty',
        'p.id as product_id',
        'p.title',
        'cl.external_product_id',
      ])
      .where('pv.organization_id', '=', user.firstOrgId)
      .where('pv.sku', '<>', '')
      .orderBy('pv.sku')
      .executeTakeFirstOrThrow();
    const before = await fingerprintOf(user.firstOrgId);
    ch.shopify.adminSetAvailable(DEMO_SHOP, {
      sku: variant.sku,
      available: variant.available_qty + 4,
    });
    ch.shopify.adminUpdateProduct(DEMO_SHOP, variant.external_product_id.split('/').pop()!, {
      title: 'Changed for undo',
    });
    t.clock.advance(1000);
    const reimport = await importAll(user, 'shopify', pc);
    expect((await fingerprintOf(user.firstOrgId)).titles).not.toEqual(before.titles);
    t.clock.advance(1000);
    const answer = await undo(user, reimport);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ products_restored: 1, quantities_restored: 1 });
    expect(await fingerprintOf(user.firstOrgId)).toEqual(before);
    const entries = await t.db.db
      .selectFrom('inventory_ledger')
      .select(['cause', 'delta', 'qty_after', 'reference'])
      .where('variant_id', '=', variant.id)
      .orderBy('id')
      .execute();
    expect(entries.slice(-2)).toEqual([
      {
        cause: 'import',
        delta: 4,
        qty_after: variant.available_qty + 4,
        reference: `import:${reimport}`,
      },
      {
        cause: 'import_undo',
        delta: -4,
        qty_after: variant.available_qty,
        reference: `import:${reimport}`,
      },
    ]);
    // The product page's stock history shows the undo.
    const history = (
      await orgCall(t, user, 'GET', `/v1/products/${variant.product_id}/ledger?page=1&pageSize=50`)
    ).json();
    expect(history.entries.map((e: { cause: string }) => e.cause)).toContain('import_undo');
  });

  it('refuses (409, with the reason) when a later link or stock change depends on the import', async () => {
    const user = await signIn(t);
    const shopify = await connectShopify(t, user);
    const ebay = await connectOAuth(t, user, 'ebay');
    const first = await importAll(user, 'shopify', shopify);
    t.clock.advance(1000);
    const linked = await importAll(user, 'ebay', ebay);
    t.clock.advance(1000);
    const refused = await undo(user, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message ?? refused.json().error).toMatch(
      /linked to eBay .*undo that import first/,
    );

    // The eBay import undone first, then the stock changed by a later import: still refused.
    expect((await undo(user, linked)).statusCode).toBe(200);
    const variant = await t.db.db
      .selectFrom('product_variants')
      .select(['id', 'sku', 'available_qty'])
      .where('organization_id', '=', user.firstOrgId)
      .where('sku', '<>', '')
      .orderBy('sku')
      .executeTakeFirstOrThrow();
    ch.shopify.adminSetAvailable(DEMO_SHOP, {
      sku: variant.sku,
      available: variant.available_qty + 1,
    });
    t.clock.advance(1000);
    await importAll(user, 'shopify', shopify);
    const held = await counts(user.firstOrgId);
    const stock = await undo(user, first);
    expect(stock.statusCode).toBe(409);
    expect(stock.json().message ?? stock.json().error).toMatch(
      new RegExp(`a later import on Shopify moved the stock of SKU ${variant.sku} since`),
    );
    expect(await counts(user.firstOrgId)).toEqual(held);
  });

  it('refuses after 7 days, and answers 404 for another organisation', async () => {
    const user = await signIn(t);
    const pc = await connectShopify(t, user);
    const remote = await harness.remoteAll(user, pc);
    const done = await harness.importAndRun(user, 'shopify', {
      pc_id: pc,
      product_ids: [remote[0]!.external_id],
    });
    const other = await signIn(t);
    expect((await undo(other, done.id as string)).statusCode).toBe(404);
    // Finished 7 days and a second ago (the session would not last that long on the clock).
    await t.db.db
      .updateTable('imports')
      .set({ finished_at: new Date(t.clock.now().getTime() - 7 * 24 * 3600 * 1000 - 1000) })
      .where('id', '=', done.id as string)
      .execute();
    const late = await undo(user, done.id as string);
    expect(late.statusCode).toBe(409);
    expect(late.json().message ?? late.json().error).toMatch(/7 days/);
    expect((await counts(user.firstOrgId)).products).toBe(1);
  });
});

/** The organisation's titles, names, prices and quantities, and its counts. */
async function fingerprintOf(orgId: string) {
  const rows = await t.db.db
    .selectFrom('products as p')
    .innerJoin('product_variants as pv', 'pv.product_id', 'p.id')
    .select(['p.title', 'pv.title as variant', 'pv.current_price', 'pv.available_qty', 'pv.id'])
    .where('p.organization_id', '=', orgId)
    .orderBy('pv.id')
    .execute();
  return {
    titles: rows.map((r) => r.title),
    variants: rows.map((r) => [r.variant, r.current_price, r.available_qty]),
    counts: await counts(orgId),
  };
}
