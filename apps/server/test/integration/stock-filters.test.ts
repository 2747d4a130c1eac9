import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { Wakeups } from '../../src/modules/sync/wakeups';
import { newProduct, orgCall } from './catalog-fixtures';

/** Issue 22 item 3: the product list's Oversold and Low stock filters, and the rows' lowest_qty. */

let t: TestApp;
let user: SignedInUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
  const catalogue: Array<[string, number[]]> = [
    ['Plenty', [40, 12]],
    ['Edge', [5, 30]],
    ['Six', [6]],
    ['Empty', [0, 9]],
    ['Sold out twice', [3, 50]],
  ];
  for (const [title, quantities] of catalogue) {
    const product = await newProduct(t.db.db, user.firstOrgId, {
      title,
      variants: quantities.map((qty, i) => ({ title: `V${i}`, qty })),
    });
    ids[title] = product.id;
  }
  // A sale of 5 takes 'Sold out twice' below 0, as an order does.
  const [variant] = await t.db.db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', ids['Sold out twice']!)
    .where('available_qty', '=', 3)
    .execute();
  await t.app.services.sync.master.apply(
    t.db.db,
    {
      organizationId: user.firstOrgId,
      variantId: variant!.id,
      change: { delta: -5 },
      cause: 'order',
      key: 'order:test:1',
      source: 'order 1 on a test channel',
    },
    new Wakeups(),
  );
});
afterAll(async () => {
  await t?.close();
});

async function titles(query: string) {
  const answer = await orgCall(t, user, 'GET', `/v1/products?${query}`);
  expect(answer.statusCode).toBe(200);
  const body = answer.json<{ products: Array<{ title: string }>; total: number }>();
  expect(body.total).toBe(body.products.length);
  return body.products.map((p) => p.title).sort();
}

describe('stock filters', () => {
  it('answers each row with its lowest variant quantity', async () => {
    const answer = await orgCall(t, user, 'GET', '/v1/products');
    const rows = answer.json<{ products: Array<{ title: string; lowest_qty: number }> }>();
    expect(Object.fromEntries(rows.products.map((p) => [p.title, p.lowest_qty]))).toEqual({
      Plenty: 12,
      Edge: 5,
      Six: 6,
      Empty: 0,
      'Sold out twice': -2,
    });
  });

  it('lists the oversold products under stock=oversold', async () => {
    expect(await titles('stock=oversold')).toEqual(['Sold out twice']);
  });

  it('lists products at or below the threshold (5 by default) under stock=low', async () => {
    expect(await titles('stock=low')).toEqual(['Edge', 'Empty', 'Sold out twice']);
  });

  it('follows a change of the threshold at once', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${user.firstOrgId}`,
      headers: user.headers,
      payload: { low_stock_threshold: 0 },
    });
    expect(patch.statusCode).toBe(200);
    expect(await titles('stock=low')).toEqual(['Empty', 'Sold out twice']);
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${user.firstOrgId}`,
      headers: user.headers,
      payload: { low_stock_threshold: 6 },
    });
    expect(await titles('stock=low')).toEqual(['Edge', 'Empty', 'Six', 'Sold out twice']);
    expect(await titles('stock=low&search=s')).toEqual(['Six', 'Sold out twice']);
    expect(await titles('stock=low&sort=available_qty&order=desc')).toHaveLength(4);
  });

  it('leaves a product that is restocked out of the Oversold filter', async () => {
    const other = await signIn(t);
    const product = await newProduct(t.db.db, other.firstOrgId, { variants: [{ qty: 1 }] });
    const variantId = product.variantIds[0]!;
    const sell = (key: string, delta: number) =>
      t.app.services.sync.master.apply(
        t.db.db,
        {
          organizationId: other.firstOrgId,
          variantId,
          change: { delta },
          cause: 'order',
          key,
          source: key,
        },
        new Wakeups(),
      );
    await sell('order:a', -2);
    const list = (query: string) =>
      orgCall(t, other, 'GET', `/v1/products?${query}`).then((r) => r.json().total as number);
    expect(await list('stock=oversold')).toBe(1);
    const restock = await orgCall(t, other, 'POST', '/v1/variants/quantity', {
      variant_id: variantId,
      adjust: 3,
    });
    expect(restock.statusCode).toBe(200);
    expect(await list('stock=oversold')).toBe(0);
    // Another organisation's oversold product never shows in this one's list.
    expect(await titles('stock=oversold')).toEqual(['Sold out twice']);
  });

  it('totals a stock level alone over the whole list, page by page, sorted or not', async () => {
    // A product whose lowest quantity is above the last single bucket (999): counted apart.
    await newProduct(t.db.db, user.firstOrgId, {
      title: 'Warehouse',
      variants: [{ qty: 1500 }, { qty: 2000 }],
    });
    const setThreshold = async (threshold: number) => {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/v1/organizations/${user.firstOrgId}`,
        headers: user.headers,
        payload: { low_stock_threshold: threshold },
      });
      expect(patch.statusCode).toBe(200);
    };
    const pages = async (query: string) => {
      const seen: Array<{ title: string; total: number }> = [];
      for (let page = 1; page <= 7; page++) {
        const answer = await orgCall(
          t,
          user,
          'GET',
          `/v1/products?${query}&pageSize=1&page=${page}`,
        );
        expect(answer.statusCode).toBe(200);
        const body = answer.json<{ products: Array<{ title: string }>; total: number }>();
        seen.push(...body.products.map((p) => ({ title: p.title, total: body.total })));
        if (body.products.length === 0) expect(body.total).toBe(seen.length);
      }
      return { titles: seen.map((s) => s.title).sort(), totals: new Set(seen.map((s) => s.total)) };
    };
    const expectListed = async (stock: string, titles: string[]) => {
      for (const order of ['', '&sort=title', '&sort=available_qty&order=desc']) {
        const seen = await pages(`stock=${stock}${order}`);
        expect(seen.titles).toEqual(titles);
        expect([...seen.totals]).toEqual([titles.length]);
      }
    };
    await expectListed('oversold', ['Sold out twice']);
    await setThreshold(5);
    await expectListed('low', ['Edge', 'Empty', 'Sold out twice']);
    await setThreshold(1499);
    await expectListed('low', ['Edge', 'Empty', 'Plenty', 'Six', 'Sold out twice']);
    await setThreshold(1500);
    await expectListed('low', ['Edge', 'Empty', 'Plenty', 'Six', 'Sold out twice', 'Warehouse']);
    await setThreshold(5);
  });

  it('refuses an unknown stock filter with 400 naming it', async () => {
    const answer = await orgCall(t, user, 'GET', '/v1/products?stock=empty');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      field: 'stock',
      error: "stock must be 'oversold' or 'low'",
    });
  });
});
