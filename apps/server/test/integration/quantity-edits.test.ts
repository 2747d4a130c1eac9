import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { Wakeups } from '../../src/modules/sync/wakeups';
import type { Db } from '../../src/db/client';
import { newConnection, newProduct, orgCall } from './catalog-fixtures';

/**
 * Issue 22 item 2: seller edits that cannot undo a sale (adjust; set with expected, 409), and
 * item 3's Oversold activity entry. Sales go through the master's one way of changing, as the
 * order intake applies them.
 */

let t: TestApp;
let user: SignedInUser;
let ebay: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
  ebay = await newConnection(t.db.db, user.firstOrgId, 'ebay', 'main');
});
afterAll(async () => {
  await t?.close();
});

async function variantWith(qty: number) {
  const sku = `MUG-${crypto.randomUUID().slice(0, 8)}`;
  const product = await newProduct(t.db.db, user.firstOrgId, {
    title: 'Blue Mug',
    variants: [{ title: 'Large', sku, qty }],
  });
  return { productId: product.id, variantId: product.variantIds[0]!, sku };
}

/** The organisation's activity entries about this SKU. */
async function entriesAbout(sku: string) {
  const answer = await orgCall(t, user, 'GET', '/v1/activity_logs?pageSize=100');
  return answer
    .json<{ activities: Array<{ activity: string; note: string; status: string }> }>()
    .activities.filter((entry) => entry.note.includes(sku));
}

async function master(variantId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('product_variants')
    .select('available_qty')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.available_qty;
}

/** An eBay order selling `quantity`, applied as the order intake applies one. */
async function sell(db: Db, variantId: string, quantity: number, order: string) {
  return t.app.services.sync.master.apply(
    db,
    {
      organizationId: user.firstOrgId,
      variantId,
      change: { delta: -quantity },
      cause: 'order',
      connectionId: ebay,
      reference: order,
      key: `order:${ebay}:${order}`,
      source: `order ${order} on eBay 'main'`,
    },
    new Wakeups(),
  );
}

const edit = (body: object) => orgCall(t, user, 'POST', '/v1/variants/quantity', body);

describe('adjusting a quantity', () => {
  it('adds and removes units from the master as it is then, through the ledger', async () => {
    const { variantId, productId } = await variantWith(26);
    await sell(t.db.db, variantId, 2, '1001');
    const added = await edit({ variant_id: variantId, adjust: 5 });
    expect(added.statusCode).toBe(200);
    expect(added.json().variant).toMatchObject({ id: variantId, available_qty: 29 });
    const removed = await edit({ variant_id: variantId, adjust: -4 });
    expect(removed.json().variant.available_qty).toBe(25);
    const ledger = await orgCall(t, user, 'GET', `/v1/products/${productId}/ledger`);
    expect(ledger.json().entries.slice(0, 3)).toMatchObject([
      { cause: 'manual', delta: -4, qty_before: 29, qty_after: 25, user_email: user.email },
      { cause: 'manual', delta: 5, qty_before: 24, qty_after: 29 },
      { cause: 'order', delta: -2, reference: '1001' },
    ]);
  });

  it('lands on top of a sale that holds the variant when it arrives', async () => {
    const { variantId } = await variantWith(26);
    const pending = await t.db.db.transaction().execute(async (trx) => {
      await sell(trx, variantId, 2, '1002');
      // The adjustment is sent while the sale holds the variant's row, and waits for it.
      const request = edit({ variant_id: variantId, adjust: 5 });
      await waitForLockWaiter();
      return { request };
    });
    const adjusted = await pending.request;
    expect(adjusted.statusCode).toBe(200);
    expect(adjusted.json().variant.available_qty).toBe(29);
    expect(await master(variantId)).toBe(29);
  });

  it('refuses a removal that would leave the master below 0 with 409 and the quantity', async () => {
    const { variantId } = await variantWith(3);
    const answer = await edit({ variant_id: variantId, adjust: -5 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ field: 'adjust', quantity: 3, changes: [] });
    expect(await master(variantId)).toBe(3);
  });

  it('refuses an addition past the largest quantity with 400 naming adjust', async () => {
    const { variantId } = await variantWith(999_999);
    const answer = await edit({ variant_id: variantId, adjust: 2 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      field: 'adjust',
      error: 'The quantity would be more than 1,000,000',
    });
    expect(await master(variantId)).toBe(999_999);
  });
});

describe('setting a quantity with the one the seller saw', () => {
  it('sets it while the master is still expected', async () => {
    const { variantId } = await variantWith(26);
    const answer = await edit({ variant_id: variantId, quantity: 31, expected: 26 });
    expect(answer.statusCode).toBe(200);
    expect(await master(variantId)).toBe(31);
  });

  it('refuses a stale set with 409, the current quantity and the sale that changed it', async () => {
    const { variantId } = await variantWith(26);
    await sell(t.db.db, variantId, 2, '1003');
    const answer = await edit({ variant_id: variantId, quantity: 31, expected: 26 });
    expect(answer.statusCode).toBe(409);
    const body = answer.json();
    expect(body).toMatchObject({ field: 'expected', quantity: 24 });
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({
      cause: 'order',
      delta: -2,
      qty_before: 26,
      qty_after: 24,
      platform: 'ebay',
      alias: 'main',
      reference: '1003',
    });
    expect(await master(variantId)).toBe(24);
  });

  it('lists only the changes since the master was expected', async () => {
    const { variantId } = await variantWith(10);
    await sell(t.db.db, variantId, 1, '1004');
    await sell(t.db.db, variantId, 1, '1005');
    await sell(t.db.db, variantId, 1, '1006');
    const answer = await edit({ variant_id: variantId, quantity: 20, expected: 9 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().changes.map((c: { reference: string }) => c.reference)).toEqual([
      '1006',
      '1005',
    ]);
  });

  it('keeps the plain set, last writer wins', async () => {
    const { variantId } = await variantWith(26);
    await sell(t.db.db, variantId, 2, '1007');
    const answer = await edit({ variant_id: variantId, quantity: 31 });
    expect(answer.statusCode).toBe(200);
    expect(await master(variantId)).toBe(31);
  });
});

describe('the answer to an edit', () => {
  it('is the variant as the product detail shows it after the change, listed or not', async () => {
    const shopify = await newConnection(t.db.db, user.firstOrgId, 'shopify', 'shop');
    const product = await newProduct(t.db.db, user.firstOrgId, {
      title: 'Green Mug',
      isSynced: true,
      variants: [
        { title: 'Small', sku: `S-${crypto.randomUUID().slice(0, 8)}`, qty: 4, cost: '2.50' },
        {
          title: 'Large',
          sku: `L-${crypto.randomUUID().slice(0, 8)}`,
          qty: 7,
          cost: '3.10',
          price: '12.00',
          listedOn: [ebay, shopify],
        },
      ],
    });
    await t.db.db
      .updateTable('channel_listings')
      .set({ currency: 'EUR' })
      .where('variant_id', '=', product.variantIds[1]!)
      .where('connection_id', '=', shopify)
      .execute();
    const answers = [
      await edit({ variant_id: product.variantIds[0]!, quantity: 9 }),
      await edit({ variant_id: product.variantIds[1]!, adjust: -2 }),
      await edit({ variant_id: product.variantIds[1]!, quantity: 8, expected: 5 }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const detail = await orgCall(t, user, 'GET', `/v1/products/${product.id}`);
    const [small, large] = detail.json().variants;
    expect(answers[0]!.json().variant).toEqual(small);
    expect(answers[2]!.json().variant).toEqual(large);
    expect(answers[1]!.json().variant).toEqual({ ...large, available_qty: 5 });
    expect(large).toMatchObject({
      available_qty: 8,
      cost_price: '3.10',
      price_currency: 'EUR',
      platforms: { ebay: { connections: 1 }, shopify: { connections: 1 } },
    });
    expect(small).toMatchObject({ available_qty: 9, price_currency: null, platforms: {} });
  });
});

describe('bad quantity edits', () => {
  it.each([
    [{ adjust: 1.5 }, 'adjust', 'Adjustment must be a whole number'],
    [{ adjust: '5' }, 'adjust', 'Adjustment must be a whole number'],
    [{ adjust: 0 }, 'adjust', 'Adjustment must not be 0'],
    [{ adjust: 1e12 }, 'adjust', 'Adjustment must be between -1,000,000 and 1,000,000'],
    [{ adjust: -1e12 }, 'adjust', 'Adjustment must be between -1,000,000 and 1,000,000'],
    [
      { adjust: 2, quantity: 3 },
      'adjust',
      'Send either quantity (to set) or adjust (to add or remove), not both',
    ],
    [
      { adjust: 2, expected: 3 },
      'adjust',
      'Send either quantity (to set) or adjust (to add or remove), not both',
    ],
    [{ expected: 3 }, 'quantity', 'expected goes with quantity: send the quantity to set'],
    [{}, 'quantity', 'quantity or adjust is required'],
    [{ quantity: 3, expected: 2.5 }, 'expected', 'expected must be a whole number'],
    [{ quantity: 3, expected: 'x' }, 'expected', 'expected must be a whole number'],
    [
      { quantity: 3, expected: 1e10 },
      'expected',
      'expected must be between -1,000,000 and 1,000,000',
    ],
    [{ quantity: 1e10, expected: 3 }, 'quantity', 'Quantity must be at most 1,000,000'],
    [{ quantity: -1, expected: 3 }, 'quantity', 'Quantity must be greater than or equal to 0'],
  ])('refuses %j with 400 naming %s and changes nothing', async (body, field, error) => {
    const { variantId } = await variantWith(3);
    const answer = await edit({ variant_id: variantId, ...body });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field, error });
    expect(await master(variantId)).toBe(3);
  });

  it('answers 404 for another organisation’s variant, in both checked forms', async () => {
    const { variantId } = await variantWith(3);
    const other = await signIn(t);
    for (const body of [{ adjust: 1 }, { quantity: 1, expected: 3 }]) {
      const answer = await orgCall(t, other, 'POST', '/v1/variants/quantity', {
        variant_id: variantId,
        ...body,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().field).toBe('variant_id');
    }
    expect(await master(variantId)).toBe(3);
  });
});

describe('overselling', () => {
  it('records a warning naming the order that took the master below 0', async () => {
    const { variantId, productId, sku } = await variantWith(1);
    await sell(t.db.db, variantId, 3, '2001');
    const entries = await entriesAbout(sku);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ activity: 'Oversold', status: 'warning' });
    expect(entries[0]!.note).toContain('1 → -2 (-3)');
    expect(entries[0]!.note).toContain("order 2001 on eBay 'main'");
    const product = await t.db.db
      .selectFrom('products')
      .select(['lowest_qty', 'oversold'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ lowest_qty: -2, oversold: true });
  });

  it('records an ordinary entry for a sale that leaves 0, and for a restock', async () => {
    const { variantId, productId, sku } = await variantWith(2);
    await sell(t.db.db, variantId, 2, '2002');
    await edit({ variant_id: variantId, adjust: 4 });
    const entries = await entriesAbout(sku);
    expect(entries.map((a) => [a.activity, a.status])).toEqual([
      ['Stock changed', 'info'],
      ['Stock changed', 'info'],
    ]);
    const product = await t.db.db
      .selectFrom('products')
      .select('lowest_qty')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.lowest_qty).toBe(4);
  });
});

/** Until a request of the test's database waits for a row lock (the adjustment behind the sale). */
async function waitForLockWaiter() {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db.db);
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the adjustment never waited for the sale');
}
