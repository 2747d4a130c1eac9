import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages, type ProductRow } from '@stocksync/contract';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newConnection, newProduct, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The organisation's products as { title: is_synced }. */
async function syncedByTitle(org: string) {
  const rows = await t.db.db
    .selectFrom('products')
    .select(['title', 'is_synced'])
    .where('organization_id', '=', org)
    .execute();
  return new Map(rows.map((r) => [r.title, r.is_synced]));
}

/** Every page of the list for a query, in order. */
async function allPages(user: SignedInUser, query: string) {
  const ids: ProductRow[] = [];
  for (let page = 1; ; page++) {
    const res = await orgCall(t, user, 'GET', `/v1/products?${query}&page=${page}&pageSize=50`);
    const body = res.json<{ products: ProductRow[]; total: number }>();
    ids.push(...body.products);
    if (ids.length >= body.total) return ids;
  }
}

describe('bulk actions on "All N selected"', () => {
  let user: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    user = await signIn(t);
    other = await signIn(t);
    // 70 wool products (more than a page of 50), a third of them synced, and 10 others.
    for (let i = 0; i < 70; i++) {
      await newProduct(t.db.db, user.firstOrgId, {
        title: `Wool scarf ${String(i).padStart(2, '0')}`,
        isSynced: i % 3 === 0,
        variants: [{ sku: i % 2 === 0 ? '' : `WS-${i}`, qty: i }],
      });
    }
    for (let i = 0; i < 10; i++) {
      await newProduct(t.db.db, user.firstOrgId, { title: `Linen shirt ${i}`, variants: [{}] });
    }
    await newProduct(t.db.db, other.firstOrgId, { title: 'Wool scarf elsewhere', variants: [{}] });
  });

  it('turns sync on for every product the search matches, beyond page 1, and nothing else', async () => {
    const before = await syncedByTitle(user.firstOrgId);
    const res = await orgCall(t, user, 'POST', '/v1/products/sync', {
      all_selected: true,
      filters: { search: 'wool' },
      is_synced: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wool = [...before].filter(([title]) => title.startsWith('Wool'));
    expect(res.json()).toEqual({
      products: [],
      changed: wool.filter(([, synced]) => !synced).length,
    });
    const after = await syncedByTitle(user.firstOrgId);
    for (const [title, synced] of before) {
      expect(after.get(title), title).toBe(title.startsWith('Wool') ? true : synced);
    }
    expect((await syncedByTitle(other.firstOrgId)).get('Wool scarf elsewhere')).toBe(false);
    const activity = await t.db.db
      .selectFrom('activity_logs')
      .select('note')
      .where('organization_id', '=', user.firstOrgId)
      .where('activity', '=', 'Product sync updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(activity.note).toMatch(/^Sync turned on for 46 products \('Wool scarf/);
  });

  it('turns sync off for the products search and filters match together', async () => {
    const res = await orgCall(t, user, 'POST', '/v1/products/sync', {
      all_selected: true,
      filters: { search: 'scarf 1', synced: 'true' },
      is_synced: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(10);
    const after = await syncedByTitle(user.firstOrgId);
    expect(
      [...after]
        .filter(([, synced]) => !synced)
        .map(([title]) => title)
        .sort(),
    ).toEqual(
      [
        ...Array.from({ length: 10 }, (_, i) => `Linen shirt ${i}`),
        ...Array.from({ length: 10 }, (_, i) => `Wool scarf 1${i}`),
      ].sort(),
    );
  });

  it.each([
    [
      { all_selected: true, filters: { search: 'wool' } },
      'is_synced',
      catalogMessages.isSyncedRequiredForAll,
    ],
    [{ is_synced: true }, 'ids', catalogMessages.idsRequired],
    [
      { all_selected: true, is_synced: true, filters: { synced: 'yes' } },
      'filters.synced',
      catalogMessages.syncedInvalid,
    ],
  ])('rejects %j naming the field and changes nothing', async (payload, field, error) => {
    const before = await syncedByTitle(user.firstOrgId);
    const res = await orgCall(t, user, 'POST', '/v1/products/sync', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await syncedByTitle(user.firstOrgId)).toEqual(before);
  });

  it('generates SKUs for every product the filters match, and no other', async () => {
    const res = await orgCall(t, user, 'POST', '/v1/users/sku-settings/generate', {
      ids: [],
      all_selected: true,
      filters: { search: 'scarf 2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().generated).toBe(5);
    const missing = await t.db.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select('p.title')
      .where('p.organization_id', '=', user.firstOrgId)
      .where('v.sku', '=', '')
      .execute();
    const titles = missing.map((m) => m.title);
    expect(titles.filter((title) => title.startsWith('Wool scarf 2'))).toEqual([]);
    expect(titles.filter((title) => title.startsWith('Wool scarf 3'))).toHaveLength(5);
  });
});

describe('GET /v1/products/export.csv of what the list shows', () => {
  it('exports the search, filters and sort, with a column per connected account', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const shop = await newConnection(t.db.db, org, 'shopify', 'main');
    const ebay = await newConnection(t.db.db, org, 'ebay', 'uk, outlet');
    const gone = await newConnection(t.db.db, org, 'ebay', 'old');
    await t.db.db
      .updateTable('platform_connections')
      .set({ status: 'disconnected' })
      .where('id', '=', gone)
      .execute();
    for (let i = 0; i < 30; i++) {
      await newProduct(t.db.db, org, {
        title: `${i % 2 === 0 ? 'Cork' : 'Oak'} board ${i}`,
        isSynced: i % 4 === 0,
        variants: [
          { sku: `B-${i}-A`, qty: (i * 7) % 11, listedOn: i % 3 === 0 ? [shop, ebay] : [shop] },
          { sku: `B-${i}-B`, qty: 1 },
        ],
      });
    }
    await t.db.db
      .updateTable('channel_listings')
      .set({ channel_qty: 4 })
      .where('connection_id', '=', shop)
      .execute();
    await t.db.db
      .updateTable('channel_listings')
      .set({ channel_qty: 9 })
      .where('connection_id', '=', ebay)
      .execute();

    const query = 'search=cork&synced=false&sort=available_qty&order=desc';
    const shown = await allPages(user, query);
    expect(shown.length).toBeGreaterThan(5);
    const res = await orgCall(t, user, 'GET', `/v1/products/export.csv?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    const columns = header!.split(',');
    expect(columns[0]).toBe('product_id');
    expect(header).toMatch(/,"channel_qty:ebay:uk, outlet",channel_qty:shopify:main$/);
    const cells = rows.map((row) => row.split(','));
    // Two lines per product (two variants), products in the list's order.
    expect([...new Set(cells.map((c) => c[0]))]).toEqual(shown.map((p) => p.id));
    expect(rows).toHaveLength(shown.length * 2);
    const first = shown[0]!;
    const firstA = cells.find(
      (c) => c[0] === first.id && c[4] === `B-${first.title.split(' ')[2]}-A`,
    )!;
    const listedOnEbay = Number(first.title.split(' ')[2]) % 3 === 0;
    expect(firstA.slice(-2)).toEqual([listedOnEbay ? '9' : '', '4']);
    const secondVariant = cells.find((c) => c[0] === first.id && c[4]!.endsWith('-B'))!;
    expect(secondVariant.slice(-2)).toEqual(['', '']);
  });

  it('answers 400 naming the field for a bad sort', async () => {
    const user = await signIn(t);
    const res = await orgCall(t, user, 'GET', '/v1/products/export.csv?sort=price');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sort', error: catalogMessages.sortInvalid });
  });
});
