import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionMessages, type PlatformConnection } from '@stocksync/contract';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newConnection, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const toggle = (user: SignedInUser, body: unknown, orgId = user.firstOrgId) =>
  orgCall(t, user, 'POST', '/v1/sync/toggle', body, orgId);

async function platforms(user: SignedInUser): Promise<PlatformConnection[]> {
  const res = await orgCall(t, user, 'GET', '/v1/platforms');
  expect(res.statusCode).toBe(200);
  return res.json<{ platforms: PlatformConnection[] }>().platforms;
}

async function activities(organizationId: string) {
  return t.db.db
    .selectFrom('activity_logs')
    .select(['activity', 'status', 'user_id', 'note'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function syncEnabled(id: string): Promise<boolean> {
  const row = await t.db.db
    .selectFrom('platform_connections')
    .select('sync_enabled')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.sync_enabled;
}

describe('POST /v1/sync/toggle', () => {
  it('turns sync off then on, answers the connection as the platforms list shows it, and logs who did it', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'shopify', 'my-shop');
    const other = await newConnection(t.db.db, user.firstOrgId, 'ebay', 'my-ebay');
    const [before] = await platforms(user);
    expect(before).toMatchObject({ id, sync_enabled: true });

    const off = await toggle(user, { pc_id: id });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...before, sync_enabled: false });
    const listed = await platforms(user);
    expect(listed.find((p) => p.id === id)).toEqual(off.json());
    // Only that connection changed.
    expect(listed.find((p) => p.id === other)?.sync_enabled).toBe(true);

    // The test clock stands still; move it so the two activity entries have an order.
    t.clock.advance(1000);
    const on = await toggle(user, { pc_id: id });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...before, sync_enabled: true });
    expect((await platforms(user)).find((p) => p.id === id)?.sync_enabled).toBe(true);

    expect(await activities(user.firstOrgId)).toEqual([
      {
        activity: 'Sync turned off for Shopify my-shop',
        status: 'success',
        user_id: user.userId,
        note: '',
      },
      {
        activity: 'Sync turned on for Shopify my-shop',
        status: 'success',
        user_id: user.userId,
        note: '',
      },
    ]);
  });

  it('counts every toggle once when two arrive together', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'tiktok', 'tt');
    const results = await Promise.all([toggle(user, { pc_id: id }), toggle(user, { pc_id: id })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json<PlatformConnection>().sync_enabled).sort()).toEqual([
      false,
      true,
    ]);
    expect(await syncEnabled(id)).toBe(true);
    expect(await activities(user.firstOrgId)).toHaveLength(2);
  });

  it('lets a connection that needs reconnecting be toggled (pushes wait for the reconnect)', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'ebay', 'stale');
    await t.db.db
      .updateTable('platform_connections')
      .set({ status: 'needs_reauth' })
      .where('id', '=', id)
      .execute();
    const res = await toggle(user, { pc_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'needs_reauth', sync_enabled: false });
    expect((await activities(user.firstOrgId)).map((a) => a.activity)).toEqual([
      'Sync turned off for eBay stale',
    ]);
  });

  it('refuses a disconnected connection with 409 and changes nothing', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'ebay', 'gone');
    await t.db.db
      .updateTable('platform_connections')
      .set({ status: 'disconnected' })
      .where('id', '=', id)
      .execute();
    const before = await platforms(user);
    const res = await toggle(user, { pc_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: connectionMessages.syncDisconnected, field: 'pc_id' });
    expect(await platforms(user)).toEqual(before);
    expect(await activities(user.firstOrgId)).toEqual([]);
  });

  it('answers 400 naming pc_id for a missing or malformed id, and changes nothing', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'shopify');
    for (const body of [{}, { pc_id: 'not-a-uuid' }, { pc_id: 42 }, { pc_id: null }]) {
      const res = await toggle(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: connectionMessages.pcIdInvalid, field: 'pc_id' });
    }
    const noBody = await toggle(user, undefined);
    expect(noBody.statusCode).toBe(400);
    expect(await syncEnabled(id)).toBe(true);
    expect(await activities(user.firstOrgId)).toEqual([]);
  });

  it('answers 404 naming pc_id for an unknown id', async () => {
    const user = await signIn(t);
    const res = await toggle(user, { pc_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: connectionMessages.connectionNotFound, field: 'pc_id' });
    expect(await activities(user.firstOrgId)).toEqual([]);
  });

  it("answers 404 for another organisation's connection and leaves it alone", async () => {
    const owner = await signIn(t);
    const id = await newConnection(t.db.db, owner.firstOrgId, 'shopify', 'theirs');
    const other = await signIn(t);
    const res = await toggle(other, { pc_id: id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: connectionMessages.connectionNotFound, field: 'pc_id' });
    // Naming the owner's organisation in the header does not help a non-member.
    expect((await toggle(other, { pc_id: id }, owner.firstOrgId)).statusCode).toBe(404);
    expect(await syncEnabled(id)).toBe(true);
    expect(await activities(owner.firstOrgId)).toEqual([]);
    expect(await activities(other.firstOrgId)).toEqual([]);
  });

  it('requires sign-in and the organisation header', async () => {
    const user = await signIn(t);
    const id = await newConnection(t.db.db, user.firstOrgId, 'shopify');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/sync/toggle',
      headers: { 'x-organization-id': user.firstOrgId },
      payload: { pc_id: id },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrg = await t.app.inject({
      method: 'POST',
      url: '/v1/sync/toggle',
      headers: user.headers,
      payload: { pc_id: id },
    });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().field).toBe('X-Organization-Id');
    expect(await syncEnabled(id)).toBe(true);
  });
});
