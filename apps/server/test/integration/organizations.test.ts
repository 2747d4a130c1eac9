import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function call(
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...user.headers, ...headers },
    ...(payload && { payload }),
  });
}

async function orgRow(id: string) {
  return t.db.db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('onboarding', () => {
  it('names the first organisation and sets its currency', async () => {
    const user = await signIn(t);
    const res = await call(user, 'POST', '/v1/users/onboard', {
      organisation: '  Acme Goods ',
      currency: 'GBP',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.orgs).toEqual([
      {
        id: user.firstOrgId,
        name: 'Acme Goods',
        currency: 'GBP',
        role: 'owner',
        low_stock_threshold: 5,
      },
    ]);
    const me = await call(user, 'GET', '/v1/users/me');
    expect(me.json().orgs[0].name).toBe('Acme Goods');
  });

  it('refuses a second onboarding with 409 and changes nothing', async () => {
    const user = await signIn(t);
    await call(user, 'POST', '/v1/users/onboard', { organisation: 'First Name', currency: 'EUR' });
    const res = await call(user, 'POST', '/v1/users/onboard', {
      organisation: 'Other Name',
      currency: 'USD',
    });
    expect(res.statusCode).toBe(409);
    expect(await orgRow(user.firstOrgId)).toMatchObject({ name: 'First Name', currency: 'EUR' });
  });

  it.each([
    [
      { organisation: 'ab', currency: 'USD' },
      'organisation',
      'Organisation name must be at least 3 characters',
    ],
    [
      { organisation: '   ab   ', currency: 'USD' },
      'organisation',
      'Organisation name must be at least 3 characters',
    ],
    [{ currency: 'USD' }, 'organisation', 'Organisation name must be at least 3 characters'],
    [{ organisation: 'Valid', currency: 'JPY' }, 'currency', 'Please select a currency'],
    [{ organisation: 'Valid' }, 'currency', 'Please select a currency'],
  ])('rejects %j', async (payload, field, error) => {
    const user = await signIn(t);
    const res = await call(user, 'POST', '/v1/users/onboard', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    expect(await orgRow(user.firstOrgId)).toMatchObject({ name: '', currency: 'USD' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/onboard',
      payload: { organisation: 'Acme', currency: 'USD' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('organisations', () => {
  it('creates, lists and updates organisations', async () => {
    const user = await signIn(t);
    t.clock.advance(1000);
    const created = await call(user, 'POST', '/v1/organizations', {
      organizationName: 'Second Shop',
      currency: 'EUR',
    });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toMatchObject({ name: 'Second Shop', currency: 'EUR', role: 'owner' });

    const list = await call(user, 'GET', '/v1/organizations');
    expect(list.json().organizations.map((o: { id: string }) => o.id)).toEqual([
      user.firstOrgId,
      org.id,
    ]);

    const patched = await call(user, 'PATCH', `/v1/organizations/${org.id}`, {
      organizationName: 'Renamed Shop',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({
      id: org.id,
      name: 'Renamed Shop',
      currency: 'EUR',
      role: 'owner',
      low_stock_threshold: 5,
    });
    const currency = await call(user, 'PATCH', `/v1/organizations/${org.id}`, { currency: 'GBP' });
    expect(currency.json()).toMatchObject({ name: 'Renamed Shop', currency: 'GBP' });
    const noop = await call(user, 'PATCH', `/v1/organizations/${org.id}`, {});
    expect(noop.json()).toMatchObject({ name: 'Renamed Shop', currency: 'GBP' });
  });

  it('refuses a second organisation with the same name for one user, in any case', async () => {
    const user = await signIn(t);
    await call(user, 'POST', '/v1/organizations', {
      organizationName: 'Duplicate Co',
      currency: 'USD',
    });
    const dup = await call(user, 'POST', '/v1/organizations', {
      organizationName: 'duplicate co',
      currency: 'USD',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: 'organizationName' });
    const other = await call(user, 'POST', '/v1/organizations', {
      organizationName: 'Other Co',
      currency: 'USD',
    });
    const rename = await call(user, 'PATCH', `/v1/organizations/${other.json().id}`, {
      organizationName: 'DUPLICATE CO',
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ field: 'organizationName' });
    expect((await orgRow(other.json().id)).name).toBe('Other Co');
    // Another user may use the same name.
    const stranger = await signIn(t);
    const theirs = await call(stranger, 'POST', '/v1/organizations', {
      organizationName: 'Duplicate Co',
      currency: 'USD',
    });
    expect(theirs.statusCode).toBe(201);
  });

  it.each([
    [{ currency: 'USD' }, 'organizationName', 'Organization name is required'],
    [
      { organizationName: '   ', currency: 'USD' },
      'organizationName',
      'Organization name is required',
    ],
    [{ organizationName: 'Fine' }, 'currency', 'Please select a currency'],
    [{ organizationName: 'Fine', currency: 'usd' }, 'currency', 'Please select a currency'],
  ])('rejects creating %j', async (payload, field, error) => {
    const user = await signIn(t);
    const res = await call(user, 'POST', '/v1/organizations', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, error });
    const list = await call(user, 'GET', '/v1/organizations');
    expect(list.json().organizations).toHaveLength(1);
  });

  it('rejects a bad update and changes nothing', async () => {
    const user = await signIn(t);
    const res = await call(user, 'PATCH', `/v1/organizations/${user.firstOrgId}`, {
      organizationName: '',
      currency: 'USD',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'organizationName',
      error: 'Organization name is required',
    });
    const badId = await call(user, 'PATCH', '/v1/organizations/not-a-uuid', { currency: 'USD' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'id' });
  });

  it("hides other users' organisations behind 404", async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const res = await call(stranger, 'PATCH', `/v1/organizations/${owner.firstOrgId}`, {
      organizationName: 'Hijacked',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    const unknown = await call(
      stranger,
      'PATCH',
      '/v1/organizations/00000000-0000-4000-8000-000000000000',
      { currency: 'EUR' },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await orgRow(owner.firstOrgId)).name).toBe('');
  });

  it('lets owners and admins update, not members', async () => {
    const owner = await signIn(t);
    const colleague = await signIn(t);
    await t.db.db
      .insertInto('memberships')
      .values({ user_id: colleague.userId, organization_id: owner.firstOrgId, role: 'member' })
      .execute();
    const denied = await call(colleague, 'PATCH', `/v1/organizations/${owner.firstOrgId}`, {
      currency: 'EUR',
    });
    expect(denied.statusCode).toBe(403);
    expect((await orgRow(owner.firstOrgId)).currency).toBe('USD');

    const promoted = await call(
      owner,
      'PATCH',
      `/v1/organizations/${owner.firstOrgId}/members/${colleague.userId}`,
      { role: 'admin' },
    );
    expect(promoted.statusCode).toBe(204);
    const allowed = await call(colleague, 'PATCH', `/v1/organizations/${owner.firstOrgId}`, {
      currency: 'EUR',
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ currency: 'EUR', role: 'admin' });
  });
});

describe('organisation scope (X-Organization-Id)', () => {
  it('serves a member their organisation', async () => {
    const user = await signIn(t);
    const res = await call(user, 'GET', '/v1/organizations/current', undefined, {
      'x-organization-id': user.firstOrgId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.firstOrgId, role: 'owner', currency: 'USD' });
  });

  it('requires the header, naming it', async () => {
    const user = await signIn(t);
    const res = await call(user, 'GET', '/v1/organizations/current');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'X-Organization-Id' });
  });

  it('rejects a malformed header', async () => {
    const user = await signIn(t);
    const res = await call(user, 'GET', '/v1/organizations/current', undefined, {
      'x-organization-id': "1' or 1=1",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'X-Organization-Id' });
  });

  it("answers another organisation's id and unknown ids with 404", async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    for (const id of [owner.firstOrgId, '00000000-0000-4000-8000-000000000000']) {
      const res = await call(stranger, 'GET', '/v1/organizations/current', undefined, {
        'x-organization-id': id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('checks authentication before the organisation', async () => {
    const owner = await signIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/organizations/current',
      headers: { 'x-organization-id': owner.firstOrgId },
    });
    expect(res.statusCode).toBe(401);
  });
});
