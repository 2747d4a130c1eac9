import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogMessages,
  productSortKeys,
  type ProductRow,
  type ProductSortKey,
} from '@stocksync/contract';
import { orderVersion, type ProductOrder } from '../../src/modules/catalog/product-order';
import { catalogVersion } from '../../src/modules/catalog/search-matches-cache';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { SortedPagesRepository } from '../../src/modules/catalog/sorted-pages-repository';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newProduct, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What each sort key sorts by, from products itself (not from product_sort_keys). */
const expressions: Record<ProductSortKey, string> = {
  title: `left(lower(title), 200) COLLATE "C"`,
  sku: `left(lower(skus), 200) COLLATE "C"`,
  available_qty: 'available_qty',
  is_synced: 'is_synced',
  updated_at: 'updated_at',
};

/** The organisation's product ids in an order, by a plain query over products. */
async function expectedOrder(org: string, key: ProductSortKey, direction: 'asc' | 'desc') {
  const dir = sql.raw(direction);
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM products WHERE organization_id = ${org}
    ORDER BY ${sql.raw(expressions[key])} ${dir}, id ${dir}`.execute(t.db.db);
  return rows.map((r) => r.id);
}

async function pageIds(user: SignedInUser, query: string) {
  const res = await orgCall(t, user, 'GET', `/v1/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ products: ProductRow[]; total: number }>();
}

const orders = productSortKeys.flatMap((key) =>
  (['asc', 'desc'] as const).map((direction) => [key, direction] as const),
);

describe('sorted product list', () => {
  let user: SignedInUser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    user = await signIn(t);
    const org = user.firstOrgId;
    // Ties on purpose: two products with quantity 4, two titles differing only in case.
    const make = async (title: string, sku: string, qty: number, isSynced: boolean) =>
      (await newProduct(t.db.db, org, { title, isSynced, variants: [{ sku, qty }] })).id;
    ids = {
      banana: await make('banana bread', 'B-2', 4, true),
      apple: await make('Apple pie', 'a-1', 9, false),
      appleLower: await make('apple pie', 'C-3', 4, false),
      zebra: await make('Zebra mug', '', -2, true),
    };
  });

  it.each(orders)('sorts by %s %s across pages, ties broken by id', async (key, direction) => {
    const expected = await expectedOrder(user.firstOrgId, key, direction);
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const body = await pageIds(user, `sort=${key}&order=${direction}&page=${page}&pageSize=3`);
      expect(body.total).toBe(4);
      seen.push(...body.products.map((p) => p.id));
    }
    expect(seen).toEqual(expected);
  });

  it('orders titles ignoring case, quantities numerically, SKU-less products first', async () => {
    const titles = await pageIds(user, 'sort=title');
    expect(titles.products.map((p) => p.title.toLowerCase())).toEqual([
      'apple pie',
      'apple pie',
      'banana bread',
      'zebra mug',
    ]);
    const qty = await pageIds(user, 'sort=available_qty&order=desc');
    expect(qty.products.map((p) => p.available_qty)).toEqual([9, 4, 4, -2]);
    const skus = await pageIds(user, 'sort=sku');
    expect(skus.products.map((p) => p.sku)).toEqual(['', 'a-1', 'B-2', 'C-3']);
    const synced = await pageIds(user, 'sort=is_synced&order=desc');
    expect(synced.products.map((p) => p.is_synced)).toEqual([true, true, false, false]);
  });

  it('follows stock changes, sync toggles and renames at once', async () => {
    const before = await pageIds(user, 'sort=updated_at&order=desc');
    expect(before.products[0]!.id).not.toBe(ids.banana);
    await t.db.db
      .updateTable('product_variants')
      .set({ available_qty: 100 })
      .where('product_id', '=', ids.banana!)
      .execute();
    const qty = await pageIds(user, 'sort=available_qty&order=desc&pageSize=1');
    expect(qty.products.map((p) => [p.id, p.available_qty])).toEqual([[ids.banana, 100]]);
    const changed = await pageIds(user, 'sort=updated_at&order=desc&pageSize=1');
    expect(changed.products[0]!.id).toBe(ids.banana);
    expect(Date.parse(changed.products[0]!.updated_at)).toBeGreaterThan(
      Date.parse(before.products.find((p) => p.id === ids.banana)!.updated_at),
    );

    const toggled = await orgCall(t, user, 'POST', '/v1/products/sync', {
      ids: [ids.apple],
      is_synced: true,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const synced = await pageIds(user, 'sort=is_synced&order=desc');
    expect(synced.products.filter((p) => p.is_synced).map((p) => p.id)).toContain(ids.apple);

    await t.db.db
      .updateTable('products')
      .set({ title: 'Aardvark socks' })
      .where('id', '=', ids.zebra!)
      .execute();
    const titles = await pageIds(user, 'sort=title&pageSize=1');
    expect(titles.products[0]!.id).toBe(ids.zebra);
  });

  it('sorts with the search and filters applied, totals included', async () => {
    const searched = await pageIds(user, 'search=pie&sort=sku&order=desc');
    expect(searched.total).toBe(2);
    expect(searched.products.map((p) => p.id)).toEqual([ids.appleLower, ids.apple]);
    const all = await pageIds(user, 'synced=true&sort=available_qty');
    expect(all.total).toBeGreaterThan(1);
    expect(all.products.every((p) => p.is_synced)).toBe(true);
    const quantities = all.products.map((p) => p.available_qty);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    const second = await pageIds(user, 'synced=true&sort=available_qty&pageSize=1&page=2');
    expect(second.total).toBe(all.total);
    expect(second.products.map((p) => p.id)).toEqual([all.products[1]!.id]);
  });

  it.each([
    ['sort=price', 'sort', catalogMessages.sortInvalid],
    ['sort=', 'sort', catalogMessages.sortInvalid],
    ['sort=title&order=up', 'order', catalogMessages.orderInvalid],
    ['sort=title&order=ASC', 'order', catalogMessages.orderInvalid],
  ])('rejects %s with a 400 naming the field', async (query, field, error) => {
    const res = await orgCall(t, user, 'GET', `/v1/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
  });

  it("never lists another organisation's products", async () => {
    const other = await signIn(t);
    await newProduct(t.db.db, other.firstOrgId, { title: 'Aaa other org', variants: [{ qty: 1 }] });
    const body = await pageIds(user, 'sort=title');
    expect(body.products.map((p) => p.title)).not.toContain('Aaa other org');
    expect(body.total).toBe(4);
  });
});

describe('sorted deep pages', () => {
  it("keeps a volatile order's positions while its sort keys rest, and versions them anew on a change", async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const first = await newProduct(t.db.db, org, { title: 'Resting a', variants: [{ qty: 3 }] });
    await newProduct(t.db.db, org, { title: 'Resting b', variants: [{ qty: 8 }] });
    const pages = new SortedPagesRepository(t.db.db);
    const qty: ProductOrder = { key: 'available_qty', direction: 'asc' };
    const title: ProductOrder = { key: 'title', direction: 'asc' };
    // Nothing changed for two minutes: the latest change alone versions the positions.
    await sql`UPDATE product_stock_keys SET updated_at = now() - interval '2 minutes'
              WHERE organization_id = ${org}`.execute(t.db.db);
    const resting = await pages.version(org, qty);
    expect(resting.split('@')).toHaveLength(2);
    expect(await pages.version(org, qty)).toBe(resting);
    // A deep page's statement reads the same version (the server compares the two).
    const page = await pages.pageWithCounts(org, qty, {}, { offset: 1, limit: 1 }, false);
    expect(orderVersion(qty, catalogVersion(page.stats), page.positionsVersion)).toBe(resting);
    const titleBefore = await pages.version(org, title);

    // A stock change moves the quantity order's positions, not the title order's.
    await t.db.db
      .updateTable('product_variants')
      .set({ available_qty: 20 })
      .where('product_id', '=', first.id)
      .execute();
    const changed = await pages.version(org, qty);
    expect(changed).not.toBe(resting);
    // Recent: the time window is part of it until the change has settled.
    expect(changed.split('@')).toHaveLength(3);
    expect(await pages.version(org, title)).toBe(titleBefore);
  });

  it('answers every page of a large catalogue like a plain query, in every order', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 1200,
      variants: 2,
      seed: 7,
      vacuum: false,
    });
    for (const [key, direction] of orders) {
      const expected = await expectedOrder(org, key, direction);
      for (const [page, pageSize] of [
        [1, 50],
        [7, 50],
        [24, 50],
        [13, 99],
        [11, 100],
        [47, 25],
      ] as const) {
        const body = await pageIds(
          user,
          `sort=${key}&order=${direction}&page=${page}&pageSize=${pageSize}`,
        );
        expect(body.total).toBe(1200);
        expect(
          body.products.map((p) => p.id),
          `${key} ${direction} page ${page}`,
        ).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
      }
    }
  }, 120_000);
});
