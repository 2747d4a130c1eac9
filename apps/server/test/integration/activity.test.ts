import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { StockRepository } from '../../src/modules/sync/stock-repository';
import { newProduct, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Writes n entries through the service, one second apart; returns their ids, oldest first. */
async function record(user: SignedInUser, n: number, userId: string | null = user.userId) {
  for (let i = 0; i < n; i++) {
    t.clock.advance(1000);
    await t.app.services.activity.record({
      organizationId: user.firstOrgId,
      userId,
      activity: `Entry ${i + 1}`,
      note: `note ${i + 1}`,
      status: i % 2 === 0 ? 'success' : 'error',
    });
  }
  const rows = await t.db.db
    .selectFrom('activity_logs')
    .select('id')
    .where('organization_id', '=', user.firstOrgId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function remaining(organizationId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('activity_logs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /v1/activity_logs', () => {
  it('lists newest first with the author, paged like the product list', async () => {
    const user = await signIn(t);
    const ids = await record(user, 5);
    await record(user, 1, null);
    const res = await orgCall(t, user, 'GET', '/v1/activity_logs?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(body.activities[0]).toMatchObject({ activity: 'Entry 1', user_email: null });
    expect(body.activities[1]).toEqual({
      id: ids[4],
      activity: 'Entry 5',
      note: 'note 5',
      status: 'success',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      user_id: user.userId,
      user_email: user.email,
    });
    const page3 = (await orgCall(t, user, 'GET', '/v1/activity_logs?page=3&pageSize=2')).json();
    expect(page3.activities.map((a: { id: string }) => a.id)).toEqual([ids[1], ids[0]]);
    const coerced = (
      await orgCall(t, user, 'GET', '/v1/activity_logs?page=0&pageSize=1000')
    ).json();
    expect(coerced).toMatchObject({ page: 1, pageSize: 50, total: 6 });
  });

  it("shows only the organisation's own entries", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await record(a, 2);
    expect((await orgCall(t, b, 'GET', '/v1/activity_logs')).json()).toMatchObject({
      total: 0,
      activities: [],
    });
    expect(
      (await orgCall(t, b, 'GET', '/v1/activity_logs', undefined, a.firstOrgId)).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /v1/activity_logs', () => {
  it('deletes one entry; 404 for unknown or foreign ids, which stay', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const [first, second] = await record(a, 2);
    const res = await orgCall(t, a, 'DELETE', `/v1/activity_logs/${first}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await remaining(a.firstOrgId)).toBe(1);
    expect((await orgCall(t, a, 'DELETE', `/v1/activity_logs/${first}`)).statusCode).toBe(404);
    expect((await orgCall(t, b, 'DELETE', `/v1/activity_logs/${second}`)).statusCode).toBe(404);
    expect(await remaining(a.firstOrgId)).toBe(1);
    const bad = await orgCall(t, a, 'DELETE', '/v1/activity_logs/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('deletes several, counting only the organisation’s own', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const mine = await record(a, 3);
    const theirs = await record(b, 2);
    const res = await orgCall(t, a, 'DELETE', '/v1/activity_logs', {
      ids: [mine[0], mine[2], mine[2], theirs[0], '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await remaining(a.firstOrgId)).toBe(1);
    expect(await remaining(b.firstOrgId)).toBe(2);
  });

  it.each([
    [{}, 'ids', 'ids must be a list of activity ids'],
    [{ ids: [] }, 'ids', 'ids must be a list of activity ids'],
    [{ ids: ['x'] }, 'ids.0', 'Each id must be a valid activity id'],
  ])('rejects %j and deletes nothing', async (payload, field, error) => {
    const a = await signIn(t);
    await record(a, 2);
    const res = await orgCall(t, a, 'DELETE', '/v1/activity_logs', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await remaining(a.firstOrgId)).toBe(2);
  });
});

describe('a stock change’s entry', () => {
  /** A change through stock_apply_change, which records the entry's facts, not its text. */
  async function stockChange(user: SignedInUser, variantId: string, set: number, source: string) {
    await new StockRepository(t.db.db).applyStockChange({
      variantId,
      organizationId: user.firstOrgId,
      change: { set },
      cause: 'manual',
      connectionId: null,
      reference: null,
      userId: user.userId,
      key: `activity-test-${Math.random()}`,
      source,
      sold: null,
      onlyIfSynced: false,
      now: t.clock.now(),
    });
  }

  it('answers its note formatted from the facts stored with it', async () => {
    const user = await signIn(t);
    const product = await newProduct(t.db.db, user.firstOrgId, {
      title: 'Linen shirt',
      variants: [
        { title: 'M / Blue', sku: 'LS-M-B', qty: 5 },
        { title: 'L', sku: '', qty: 1 },
      ],
    });
    await stockChange(user, product.variantIds[0]!, 3, 'edited in StockSync');
    t.clock.advance(1000);
    await stockChange(user, product.variantIds[1]!, 4, 'order 7 on Shopify main');
    const stored = await t.db.db
      .selectFrom('activity_logs')
      .select(['note', 'details'])
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(stored.every((row) => row.note === null && row.details !== null)).toBe(true);
    const res = await orgCall(t, user, 'GET', '/v1/activity_logs');
    expect(res.json().activities).toMatchObject([
      {
        activity: 'Stock changed',
        note: "'Linen shirt' / 'L': 1 → 4 (+3), order 7 on Shopify main",
      },
      {
        activity: 'Stock changed',
        note: "'Linen shirt' / 'M / Blue' (SKU LS-M-B): 5 → 3 (-2), edited in StockSync",
        status: 'info',
        user_email: user.email,
      },
    ]);
  });

  it('loses an erased account’s name from its facts as from any note', async () => {
    const user = await signIn(t);
    const product = await newProduct(t.db.db, user.firstOrgId, {
      title: 'Mug',
      variants: [{ title: 'Default', sku: 'MUG', qty: 2 }],
    });
    await stockChange(user, product.variantIds[0]!, 1, 'order 9 on eBay seller_one');
    await t.app.services.activity.scrubAccountNames(
      { organizationId: user.firstOrgId, platformName: 'eBay', names: ['seller_one'] },
      '(deleted account)',
    );
    const res = await orgCall(t, user, 'GET', '/v1/activity_logs');
    expect(res.json().activities[0].note).toBe(
      "'Mug' / 'Default' (SKU MUG): 2 → 1 (-1), order 9 on eBay (deleted account)",
    );
    const stored = await t.db.db
      .selectFrom('activity_logs')
      .select('details')
      .where('organization_id', '=', user.firstOrgId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.details)).not.toContain('seller_one');
    expect(stored.details).toMatchObject({ product: 'Mug', before: 2, after: 1, change: -1 });
  });
});

describe('entries whose organisation or author is deleted', () => {
  it('go with their organisation, and outlive their author, shown without one', async () => {
    const gone = await signIn(t);
    const kept = await signIn(t);
    const author = await signIn(t);
    await record(gone, 2);
    await record(kept, 1, author.userId);
    await t.db.db.deleteFrom('organizations').where('id', '=', gone.firstOrgId).execute();
    expect(await remaining(gone.firstOrgId)).toBe(0);
    await t.db.db.deleteFrom('users').where('id', '=', author.userId).execute();
    const res = await orgCall(t, kept, 'GET', '/v1/activity_logs');
    expect(res.json()).toMatchObject({
      total: 1,
      activities: [{ activity: 'Entry 1', note: 'note 1', user_email: null }],
    });
  });
});
