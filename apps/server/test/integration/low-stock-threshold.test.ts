import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function threshold(orgId: string) {
  const row = await t.db.db
    .selectFrom('organizations')
    .select('low_stock_threshold')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.low_stock_threshold;
}

describe('low-stock threshold (issue 22 item 3)', () => {
  it('is 5 for a new organisation and answered with it', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/organizations/current',
      headers: { ...user.headers, 'x-organization-id': user.firstOrgId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.firstOrgId, low_stock_threshold: 5 });
  });

  it('is changed by an owner alone, without touching the name or currency', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${user.firstOrgId}`,
      headers: user.headers,
      payload: { low_stock_threshold: 12 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ low_stock_threshold: 12, currency: 'USD' });
    expect(await threshold(user.firstOrgId)).toBe(12);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/organizations',
      headers: user.headers,
    });
    expect(list.json().organizations[0]).toMatchObject({ low_stock_threshold: 12 });
  });

  it.each([
    [-1, 'Low stock threshold must be between 0 and 1,000,000'],
    [1_000_001, 'Low stock threshold must be between 0 and 1,000,000'],
    [2.5, 'Low stock threshold must be a whole number'],
    ['7', 'Low stock threshold must be a whole number'],
    [null, 'Low stock threshold must be a whole number'],
  ])('refuses %j with 400 naming the field and changes nothing', async (value, error) => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${user.firstOrgId}`,
      headers: user.headers,
      payload: { low_stock_threshold: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'low_stock_threshold', error });
    expect(await threshold(user.firstOrgId)).toBe(5);
  });

  it('accepts 0 (only an empty shelf is low)', async () => {
    const user = await signIn(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/organizations/${user.firstOrgId}`,
      headers: user.headers,
      payload: { low_stock_threshold: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(await threshold(user.firstOrgId)).toBe(0);
  });
});
