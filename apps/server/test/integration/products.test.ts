import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogMessages,
  listProductsResponseSchema,
  productDetailSchema,
  productRowSchema,
  type ProductRow,
} from '@stocksync/contract';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import {
  catalogSnapshot,
  expectStatsConsistent,
  newConnection,
  newProduct,
  orgCall,
} from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('GET /v1/products', () => {
  let user: SignedInUser;
  let ids: { tee: string; mug: string; candle: string; empty: string };
  let shopifyA: string;

  beforeAll(async () => {
    user = await signIn(t);
    const org = user.firstOrgId;
    shopifyA = await newConnection(t.db.db, org, 'shopify', 'main');
    const shopifyB = await newConnection(t.db.db, org, 'shopify', 'outlet');
    const ebay = await newConnection(t.db.db, org, 'ebay', 'ebay-uk');
    const tee = await newProduct(t.db.db, org, {
      title: 'Classic Cotton T-Shirt',
      isSynced: true,
      createdAt: minutesAgo(40),
      variants: [
        { sku: 'TEE-BLK-M', qty: 5, listedOn: [shopifyA, ebay] },
        { sku: '', qty: 7, listedOn: [shopifyB] },
        { sku: 'TEE-WHT-L', qty: 1, listedOn: [shopifyA] },
      ],
    });
    const mug = await newProduct(t.db.db, org, {
      title: 'Ceramic Coffee Mug',
      createdAt: minutesAgo(30),
      variants: [{ sku: 'MUG-350', qty: 12, listedOn: [ebay] }],
    });
    const candle = await newProduct(t.db.db, org, {
      title: 'Beeswax Candle 100%_natural',
      createdAt: minutesAgo(20),
      variants: [{ sku: '', qty: 3 }],
    });
    const empty = await newProduct(t.db.db, org, {
      title: 'Draft without variants',
      createdAt: minutesAgo(10),
      variants: [],
    });
    ids = { tee: tee.id, mug: mug.id, candle: candle.id, empty: empty.id };
  });

  it('lists newest first with per-product aggregates', async () => {
    const res = await orgCall(t, user, 'GET', '/v1/products');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      products: ProductRow[];
      total: number;
      page: number;
      pageSize: number;
    }>();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(body.products.map((p) => p.id)).toEqual([ids.empty, ids.candle, ids.mug, ids.tee]);
    const [empty, candle, mug, tee] = body.products;
    expect(tee).toEqual({
      id: ids.tee,
      title: 'Classic Cotton T-Shirt',
      sku: '',
      is_synced: true,
      available_qty: 13,
      variants: 3,
      missing_sku: true,
      lowest_qty: 1,
      platforms: {
        shopify: { name: 'shopify', connections: 2 },
        ebay: { name: 'ebay', connections: 1 },
      },
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(mug).toMatchObject({
      sku: 'MUG-350',
      variants: 1,
      missing_sku: false,
      available_qty: 12,
      is_synced: false,
      platforms: { ebay: { name: 'ebay', connections: 1 } },
    });
    expect(candle).toMatchObject({ sku: '', variants: 1, missing_sku: true, platforms: {} });
    expect(empty).toMatchObject({
      sku: '',
      variants: 0,
      missing_sku: false,
      available_qty: 0,
      lowest_qty: 0,
    });
  });

  it.each([
    ['page=0&pageSize=500', 1, 50],
    ['page=-3&pageSize=0', 1, 50],
    ['page=abc&pageSize=xyz', 1, 50],
    ['page=1.5&pageSize=2.5', 1, 50],
    ['page=2&pageSize=2', 2, 2],
    ['page=&pageSize=', 1, 50],
    ['page=1&page=2&pageSize=100', 1, 100],
  ])('coerces %s to page %i, pageSize %i', async (query, page, pageSize) => {
    const res = await orgCall(t, user, 'GET', `/v1/products?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page, pageSize, total: 4 });
  });

  it('pages through in a stable order', async () => {
    const first = (await orgCall(t, user, 'GET', '/v1/products?page=1&pageSize=3')).json();
    const second = (await orgCall(t, user, 'GET', '/v1/products?page=2&pageSize=3')).json();
    const beyond = (await orgCall(t, user, 'GET', '/v1/products?page=9&pageSize=3')).json();
    expect(first.products.map((p: ProductRow) => p.id)).toEqual([ids.empty, ids.candle, ids.mug]);
    expect(second.products.map((p: ProductRow) => p.id)).toEqual([ids.tee]);
    expect(beyond).toMatchObject({ products: [], total: 4, page: 9 });
  });

  it('documents what a page past the end answers (empty, the real total, not moved)', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const list = doc.json<{ paths: Record<string, { get?: { description?: string } }> }>().paths[
      '/v1/products'
    ]?.get;
    expect(list?.description).toMatch(/page past the last one.*no products.*real total/s);
  });

  it.each([
    ['search=coffee', ['mug']],
    ['search=COTTON', ['tee']],
    ['search=tee-wht', ['tee']],
    ['search=mug-3', ['mug']],
    ['search=100%25_', ['candle']],
    ['search=%25', ['candle']],
    ['search=_', ['candle']],
    ['search=nothing-like-this', []],
    ['search=%20%20', ['empty', 'candle', 'mug', 'tee']],
    ['synced=true', ['tee']],
    ['synced=false', ['empty', 'candle', 'mug']],
    ['missingSku=true', ['candle', 'tee']],
    ['missingSku=false', ['empty', 'candle', 'mug', 'tee']],
    ['missingSku=true&synced=false', ['candle']],
    ['search=c&synced=false', ['candle', 'mug']],
  ] as const)('filters %s', async (query, expected) => {
    const res = await orgCall(t, user, 'GET', `/v1/products?${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products.map((p: ProductRow) => p.id)).toEqual(expected.map((k) => ids[k]));
    expect(body.total).toBe(expected.length);
  });

  it.each([
    ['synced=yes', 'synced', catalogMessages.syncedInvalid],
    ['missingSku=1', 'missingSku', catalogMessages.missingSkuInvalid],
    [`search=${'x'.repeat(201)}`, 'search', catalogMessages.searchTooLong],
    ['search=mug%1FMUG-1', 'search', catalogMessages.searchControlCharacters],
    ['search=mug%00', 'search', catalogMessages.searchControlCharacters],
  ])('rejects %s naming the field', async (query, field, error) => {
    const res = await orgCall(t, user, 'GET', `/v1/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
  });

  it('needs a signed-in member of the organisation', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/products' });
    expect(anonymous.statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'GET',
      url: '/v1/products',
      headers: user.headers,
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().field).toBe('X-Organization-Id');
    const stranger = await signIn(t);
    const foreign = await orgCall(t, stranger, 'GET', '/v1/products', undefined, user.firstOrgId);
    expect(foreign.statusCode).toBe(404);
  });

  it("never shows another organisation's products", async () => {
    const other = await signIn(t);
    await newProduct(t.db.db, other.firstOrgId, { title: 'Classic Cotton Other' });
    const mine = (await orgCall(t, user, 'GET', '/v1/products?search=classic')).json();
    expect(mine.products.map((p: ProductRow) => p.id)).toEqual([ids.tee]);
    const theirs = (await orgCall(t, other, 'GET', '/v1/products')).json();
    expect(theirs.total).toBe(1);
    expect(theirs.products[0].title).toBe('Classic Cotton Other');
  });

  it('keeps aggregates and counters right as variants and listings change', async () => {
    const org = user.firstOrgId;
    const p = await newProduct(t.db.db, org, {
      title: 'Changing',
      variants: [{ sku: 'CH-1', qty: 2 }],
    });
    await t.db.db
      .updateTable('product_variants')
      .set({ available_qty: 9, sku: '' })
      .where('id', '=', p.variantIds[0]!)
      .execute();
    let row = (await orgCall(t, user, 'GET', `/v1/products?search=changing`)).json().products[0];
    expect(row).toMatchObject({ available_qty: 9, sku: '', missing_sku: true });
    await t.db.db
      .insertInto('channel_listings')
      .values({
        organization_id: org,
        connection_id: shopifyA,
        variant_id: p.variantIds[0]!,
        external_product_id: 'x1',
        external_variant_id: 'x1v',
      })
      .execute();
    row = (await orgCall(t, user, 'GET', `/v1/products?search=changing`)).json().products[0];
    expect(row.platforms).toEqual({ shopify: { name: 'shopify', connections: 1 } });
    await t.db.db.deleteFrom('product_variants').where('id', '=', p.variantIds[0]!).execute();
    row = (await orgCall(t, user, 'GET', `/v1/products?search=changing`)).json().products[0];
    expect(row).toMatchObject({ variants: 0, available_qty: 0, missing_sku: false, platforms: {} });
    await t.db.db.deleteFrom('products').where('id', '=', p.id).execute();
    const { stored, actual } = await expectStatsConsistent(t.db.db, org);
    expect(stored).toEqual(actual);
  });

  it('writes rows rendered by PostgreSQL exactly as the detail endpoint writes them', async () => {
    const title = 'Odd "quoted" \\ back\tslash\nline ünïcødé 🧦 \u2028 </script> \u0001';
    const odd = await newProduct(t.db.db, user.firstOrgId, {
      title,
      variants: [{ sku: 'ODD-"1"\\', qty: 2 ** 31 - 1, listedOn: [shopifyA] }],
    });
    const res = await orgCall(t, user, 'GET', `/v1/products?search=${encodeURIComponent('ODD-"')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = listProductsResponseSchema.parse(res.json());
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const detail = (await orgCall(t, user, 'GET', `/v1/products/${odd.id}`)).json();
    const { variants: _variants, ...detailRow } = detail;
    expect(body.products[0]).toEqual({
      ...detailRow,
      variants: 1,
      missing_sku: false,
      lowest_qty: 2 ** 31 - 1,
      updated_at: expect.any(String),
    });
    expect(Object.keys(res.json().products[0]).sort()).toEqual(
      Object.keys(productRowSchema.shape).sort(),
    );
    expect(body.products[0]!.title).toBe(title);
    await t.db.db.deleteFrom('products').where('id', '=', odd.id).execute();
  });
});

/** A new user whose organisation holds a seeded catalogue of `products` with 2 variants each. */
async function seededOrganisation(products: number, seed: number) {
  const user = await signIn(t);
  const org = user.firstOrgId;
  await seedCatalog(t.db.db, { organizationId: org, products, variants: 2, seed, vacuum: false });
  return { user, org };
}

describe('deep pages', () => {
  it('answers every page of a large catalogue in the same order as a plain query', async () => {
    const { user, org } = await seededOrganisation(1200, 3);
    const expected = await t.db.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', org)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const page of [1, 6, 7, 12, 13, 24]) {
      const res = await orgCall(t, user, 'GET', `/v1/products?page=${page}&pageSize=50`);
      const body = res.json();
      expect(body.total).toBe(1200);
      expect(body.products.map((p: ProductRow) => p.id)).toEqual(
        expected.slice((page - 1) * 50, page * 50).map((r) => r.id),
      );
    }
    const lastOdd = (await orgCall(t, user, 'GET', '/v1/products?page=13&pageSize=99')).json();
    expect(lastOdd.products.map((p: ProductRow) => p.id)).toEqual(
      expected.slice(12 * 99, 13 * 99).map((r) => r.id),
    );
    // A new product moves everything down by one, deep pages included.
    const fresh = await newProduct(t.db.db, org, {
      title: 'Newest',
      createdAt: new Date(Date.now() + 60_000),
    });
    const after = (await orgCall(t, user, 'GET', '/v1/products?page=12&pageSize=50')).json();
    expect(after.total).toBe(1201);
    expect(after.products.map((p: ProductRow) => p.id)).toEqual(
      [fresh.id, ...expected.map((r) => r.id)].slice(550, 600),
    );
  }, 60_000);

  it('pages searched and filtered lists like a plain query, totals included', async () => {
    const { user, org } = await seededOrganisation(700, 5);
    const products = await t.db.db
      .selectFrom('products')
      .select(['id', 'title', 'is_synced', 'missing_sku_count'])
      .where('organization_id', '=', org)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const skus = new Map<string, string[]>();
    for (const v of await t.db.db
      .selectFrom('product_variants')
      .select(['product_id', 'sku'])
      .where('organization_id', '=', org)
      .execute()) {
      skus.set(v.product_id, [...(skus.get(v.product_id) ?? []), v.sku.toLowerCase()]);
    }
    const contains = (p: (typeof products)[number], term: string) =>
      p.title.toLowerCase().includes(term) || (skus.get(p.id) ?? []).some((s) => s.includes(term));
    const cases: [string, (p: (typeof products)[number]) => boolean][] = [
      ['search=wool', (p) => contains(p, 'wool')],
      // Only SKUs carry colour codes: the SKU side of the search alone.
      ['search=bla-', (p) => contains(p, 'bla-')],
      ['search=o&synced=false', (p) => contains(p, 'o') && !p.is_synced],
      ['search=a&missingSku=true', (p) => contains(p, 'a') && p.missing_sku_count > 0],
      ['synced=false', (p) => !p.is_synced],
      ['missingSku=true&synced=true', (p) => p.missing_sku_count > 0 && p.is_synced],
    ];
    for (const [query, matches] of cases) {
      const expected = products.filter(matches).map((p) => p.id);
      expect(expected.length, query).toBeGreaterThan(14);
      const last = Math.ceil(expected.length / 7);
      for (const page of [1, 2, 3, last, last + 1]) {
        const res = await orgCall(t, user, 'GET', `/v1/products?${query}&page=${page}&pageSize=7`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.total, `${query} page ${page}`).toBe(expected.length);
        expect(
          body.products.map((p: ProductRow) => p.id),
          `${query} page ${page}`,
        ).toEqual(expected.slice((page - 1) * 7, page * 7));
      }
    }
  }, 60_000);
});

describe('GET /v1/products/:id', () => {
  it('returns the product with its variants, money as exact strings', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const ebay = await newConnection(t.db.db, org, 'ebay');
    const p = await newProduct(t.db.db, org, {
      title: 'Wallet',
      isSynced: true,
      variants: [
        { title: 'Brown', sku: 'W-BR', qty: 4, cost: '12.5', price: '39.99', listedOn: [ebay] },
        { title: 'Black', sku: '', qty: 0, cost: '0', price: '1234567890.10' },
      ],
    });
    const res = await orgCall(t, user, 'GET', `/v1/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: p.id,
      title: 'Wallet',
      sku: '',
      is_synced: true,
      available_qty: 4,
      platforms: { ebay: { name: 'ebay', connections: 1 } },
      variants: [
        {
          id: p.variantIds[0],
          title: 'Brown',
          sku: 'W-BR',
          available_qty: 4,
          cost_price: '12.50',
          current_price: '39.99',
          platforms: { ebay: { name: 'ebay', connections: 1 } },
          price_currency: null,
        },
        {
          id: p.variantIds[1],
          title: 'Black',
          sku: '',
          available_qty: 0,
          cost_price: '0.00',
          current_price: '1234567890.10',
          platforms: {},
          price_currency: null,
        },
      ],
    });
  });

  it("answers a product without variants with an empty list, in the contract's shape", async () => {
    const user = await signIn(t);
    const p = await newProduct(t.db.db, user.firstOrgId, { title: 'Bare', variants: [] });
    const res = await orgCall(t, user, 'GET', `/v1/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(productDetailSchema.parse(res.json())).toEqual({
      id: p.id,
      title: 'Bare',
      sku: '',
      is_synced: false,
      available_qty: 0,
      platforms: {},
      variants: [],
    });
  });

  it("answers 404 for another organisation's product and unknown ids, 400 for a bad id", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const p = await newProduct(t.db.db, owner.firstOrgId, { title: 'Private' });
    expect((await orgCall(t, other, 'GET', `/v1/products/${p.id}`)).statusCode).toBe(404);
    const unknown = await orgCall(
      t,
      owner,
      'GET',
      '/v1/products/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await orgCall(t, owner, 'GET', '/v1/products/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('POST /v1/products/sync', () => {
  it('flips each product without is_synced, sets all with it, and logs who did what', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const a = await newProduct(t.db.db, org, { title: 'Alpha', isSynced: true });
    const b = await newProduct(t.db.db, org, { title: 'Beta', isSynced: false });

    // Entries are ordered by time; the test clock only moves when told to.
    t.clock.advance(1000);
    const flipped = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [a.id, b.id, a.id],
    });
    expect(flipped.statusCode).toBe(200);
    expect(flipped.json().products.map((p: ProductRow) => [p.id, p.is_synced])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);

    t.clock.advance(1000);
    const set = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [a.id, b.id],
      is_synced: true,
    });
    expect(set.json().products.map((p: ProductRow) => p.is_synced)).toEqual([true, true]);
    t.clock.advance(1000);
    const again = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [b.id],
      is_synced: true,
    });
    expect(again.json().products[0].is_synced).toBe(true);

    const log = (await orgCall(t, user, 'GET', '/v1/activity_logs')).json().activities;
    expect(log).toHaveLength(3);
    expect(log[2]).toMatchObject({
      activity: 'Product sync updated',
      status: 'success',
      user_email: user.email,
    });
    expect(log[2].note).toContain("on for 1 product ('Beta')");
    expect(log[2].note).toContain("off for 1 product ('Alpha')");
    const { stored, actual } = await expectStatsConsistent(t.db.db, org);
    expect(stored).toEqual(actual);
    expect(actual.synced_count).toBe(2);
  });

  it.each([
    [{}, 'ids', catalogMessages.idsRequired],
    [{ ids: [] }, 'ids', catalogMessages.idsRequired],
    [{ ids: 'x' }, 'ids', catalogMessages.idsRequired],
    [{ ids: ['nope'] }, 'ids.0', catalogMessages.idInvalid],
    [
      { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      'ids',
      catalogMessages.idsTooMany,
    ],
  ])('rejects %j and changes nothing', async (payload, field, error) => {
    const user = await signIn(t);
    const p = await newProduct(t.db.db, user.firstOrgId, { title: 'Unchanged' });
    const before = await catalogSnapshot(t.db.db, user.firstOrgId);
    const body = JSON.parse(JSON.stringify(payload).replace('PRODUCT', p.id));
    const res = await orgCall(t, user, 'POST', '/v1/products/sync', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await catalogSnapshot(t.db.db, user.firstOrgId)).toEqual(before);
  });

  it('rejects a non-boolean is_synced naming it', async () => {
    const user = await signIn(t);
    const p = await newProduct(t.db.db, user.firstOrgId);
    const res = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [p.id],
      is_synced: 'true',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'is_synced',
      error: catalogMessages.isSyncedInvalid,
    });
  });

  it("answers 404 when any id is another organisation's, and touches neither", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const mine = await newProduct(t.db.db, other.firstOrgId, { title: 'Mine' });
    const theirs = await newProduct(t.db.db, owner.firstOrgId, { title: 'Theirs' });
    const beforeOwner = await catalogSnapshot(t.db.db, owner.firstOrgId);
    const beforeOther = await catalogSnapshot(t.db.db, other.firstOrgId);
    const res = await orgCall(t, other, 'POST', '/v1/products/sync', {
      ids: [mine.id, theirs.id],
      is_synced: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'ids', error: catalogMessages.productsNotFound });
    expect(await catalogSnapshot(t.db.db, owner.firstOrgId)).toEqual(beforeOwner);
    expect(await catalogSnapshot(t.db.db, other.firstOrgId)).toEqual(beforeOther);
  });
});

describe('POST /v1/variants/cost', () => {
  let user: SignedInUser;
  let variantId: string;
  beforeAll(async () => {
    user = await signIn(t);
    const p = await newProduct(t.db.db, user.firstOrgId, {
      title: 'Mug',
      variants: [{ title: 'Blue', sku: 'MUG-BL', cost: '1.00' }],
    });
    variantId = p.variantIds[0]!;
  });

  it.each([
    [12.5, '12.50'],
    [0, '0.00'],
    [0.29, '0.29'],
    [1e3, '1000.00'],
    [9999999999.99, '9999999999.99'],
  ])('stores %d exactly as %s and logs old → new', async (cost, stored) => {
    const before = await t.db.db
      .selectFrom('product_variants')
      .select('cost_price')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    t.clock.advance(1000);
    const res = await orgCall(t, user, 'POST', '/v1/variants/cost', {
      variant_id: variantId,
      cost,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().variant).toMatchObject({ id: variantId, cost_price: stored, sku: 'MUG-BL' });
    const [latest] = (await orgCall(t, user, 'GET', '/v1/activity_logs?pageSize=1')).json()
      .activities;
    expect(latest).toMatchObject({ activity: 'Cost price updated', status: 'success' });
    expect(latest.note).toContain(`${before.cost_price} → ${stored}`);
    expect(latest.note).toContain('MUG-BL');
  });

  it.each([
    [{ cost: 1 }, 'variant_id', catalogMessages.variantIdRequired],
    [{ variant_id: '', cost: 1 }, 'variant_id', catalogMessages.variantIdRequired],
    [{ variant_id: 'abc', cost: 1 }, 'variant_id', catalogMessages.variantIdInvalid],
    [{ variant_id: 'VARIANT' }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: '12.50' }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: null }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: true }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: 1.234 }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: 0.1 + 0.2 }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: 1e-7 }, 'cost', catalogMessages.priceInvalid],
    [{ variant_id: 'VARIANT', cost: -1 }, 'cost', catalogMessages.priceNegative],
    [{ variant_id: 'VARIANT', cost: -0.01 }, 'cost', catalogMessages.priceNegative],
    [{ variant_id: 'VARIANT', cost: 1e10 }, 'cost', catalogMessages.priceTooLarge],
  ])('rejects %j with its message and changes nothing', async (payload, field, error) => {
    const before = await catalogSnapshot(t.db.db, user.firstOrgId);
    const body = JSON.parse(JSON.stringify(payload).replace('VARIANT', variantId));
    const res = await orgCall(t, user, 'POST', '/v1/variants/cost', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await catalogSnapshot(t.db.db, user.firstOrgId)).toEqual(before);
  });

  it('rejects NaN-like and malformed JSON bodies without a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/variants/cost',
      headers: {
        ...user.headers,
        'x-organization-id': user.firstOrgId,
        'content-type': 'application/json',
      },
      payload: `{"variant_id":"${variantId}","cost":NaN}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body');
  });

  it("answers 404 for another organisation's variant and leaves it alone", async () => {
    const other = await signIn(t);
    const before = await catalogSnapshot(t.db.db, user.firstOrgId);
    const res = await orgCall(t, other, 'POST', '/v1/variants/cost', {
      variant_id: variantId,
      cost: 5,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      field: 'variant_id',
      error: catalogMessages.variantNotFound,
    });
    expect(await catalogSnapshot(t.db.db, user.firstOrgId)).toEqual(before);
    expect((await catalogSnapshot(t.db.db, other.firstOrgId)).activity).toEqual([]);
  });
});

describe('GET /v1/products/export.csv', () => {
  it('streams one escaped line per variant, formulas neutralised', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const plain = await newProduct(t.db.db, org, {
      title: 'Plain Mug',
      createdAt: minutesAgo(5),
      variants: [{ title: 'Default Title', sku: 'MUG-1', qty: 3, cost: '1.5', price: '9.99' }],
    });
    const tricky = await newProduct(t.db.db, org, {
      title: '=HYPERLINK("http://evil", "click")',
      isSynced: true,
      createdAt: minutesAgo(1),
      variants: [
        { title: 'Red, "big"\nline', sku: '+SKU', qty: -2 },
        { title: '@home', sku: '-1' },
      ],
    });
    const empty = await newProduct(t.db.db, org, {
      title: 'No variants',
      createdAt: minutesAgo(10),
      variants: [],
    });
    await newProduct(t.db.db, (await signIn(t)).firstOrgId, { title: 'Someone else' });

    const res = await orgCall(t, user, 'GET', '/v1/products/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'product_id,product_title,variant_id,variant_title,sku,available_qty,cost_price,current_price,currency,is_synced,cost_currency',
    );
    // The line break inside a quoted cell is a bare \n, so it does not split the record.
    expect(lines[1]).toBe(
      `${tricky.id},"'=HYPERLINK(""http://evil"", ""click"")",${tricky.variantIds[0]},"Red, ""big""\nline",'+SKU,-2,0.00,0.00,USD,true,USD`,
    );
    expect(lines[2]).toBe(
      `${tricky.id},"'=HYPERLINK(""http://evil"", ""click"")",${tricky.variantIds[1]},'@home,'-1,0,0.00,0.00,USD,true,USD`,
    );
    expect(lines[3]).toBe(
      `${plain.id},Plain Mug,${plain.variantIds[0]},Default Title,MUG-1,3,1.50,9.99,USD,false,USD`,
    );
    expect(lines[4]).toBe(`${empty.id},No variants,,,,,,,USD,false,USD`);
    expect(lines[5]).toBe('');
    expect(lines).toHaveLength(6);
  });

  it('exports every variant of a catalogue larger than one batch, in list order', async () => {
    const user = await signIn(t);
    const seeded = await seedCatalog(t.db.db, {
      organizationId: user.firstOrgId,
      products: 1100,
      variants: 2,
      seed: 5,
      vacuum: false,
    });
    const res = await orgCall(t, user, 'GET', '/v1/products/export.csv');
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(seeded.variants);
    const productIds = [...new Set(lines.map((l) => l.split(',')[0]))];
    const expected = await t.db.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', user.firstOrgId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(productIds).toEqual(expected.map((r) => r.id));
  }, 60_000);

  it('needs the organisation header', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/products/export.csv',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
