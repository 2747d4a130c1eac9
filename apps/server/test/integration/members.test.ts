import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessages, roleMessages } from '@stocksync/contract';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newProduct } from './catalog-fixtures';
import { inviteAndAccept } from './members-fixtures';

/* Issue 24: members, their roles, leaving and transferring ownership; always one owner. */

let t: TestApp;
let owner: SignedInUser;
let org: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  org = owner.firstOrgId;
});
afterAll(async () => {
  await t?.close();
});

const call = (
  user: SignedInUser,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const rolesOf = async () =>
  Object.fromEntries(
    (await call(owner, 'GET', `/v1/organizations/${org}/members`))
      .json<{ members: { user_id: string; role: string }[] }>()
      .members.map((m) => [m.user_id, m.role]),
  );

describe('members', () => {
  it('lists members with e-mails and roles, owner first', async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const res = await call(member, 'GET', `/v1/organizations/${org}/members`);
    expect(res.statusCode).toBe(200);
    const { members } = res.json<{ members: { email: string; role: string }[] }>();
    expect(members[0]).toMatchObject({ email: owner.email, role: 'owner' });
    expect(members).toContainEqual(
      expect.objectContaining({ email: member.email, role: 'member' }),
    );
  });

  it('changes roles; the new role counts on the next request', async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const invite = () => call(member, 'GET', `/v1/organizations/${org}/invitations`);
    expect((await invite()).statusCode).toBe(403);
    const patched = await call(
      owner,
      'PATCH',
      `/v1/organizations/${org}/members/${member.userId}`,
      { role: 'admin' },
    );
    expect(patched.statusCode).toBe(204);
    expect((await invite()).statusCode).toBe(200);
    await call(owner, 'PATCH', `/v1/organizations/${org}/members/${member.userId}`, {
      role: 'viewer',
    });
    const refused = await call(member, 'GET', `/v1/organizations/${org}/invitations`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(roleMessages.required('admin', 'viewer'));
  });

  it('never makes or unmakes the owner through a role change', async () => {
    const admin = await inviteAndAccept(t, owner, org, 'admin');
    const toOwner = await call(owner, 'PATCH', `/v1/organizations/${org}/members/${admin.userId}`, {
      role: 'owner',
    });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json()).toMatchObject({ error: memberMessages.useTransfer, field: 'role' });
    const demote = await call(admin, 'PATCH', `/v1/organizations/${org}/members/${owner.userId}`, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe(memberMessages.ownerRoleFixed);
    const remove = await call(admin, 'DELETE', `/v1/organizations/${org}/members/${owner.userId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toBe(memberMessages.ownerNotRemovable);
    expect((await rolesOf())[owner.userId]).toBe('owner');
  });

  it('removes a member, whose next request is refused', async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const products = () =>
      t.app.inject({
        method: 'GET',
        url: '/v1/products',
        headers: { ...member.headers, 'x-organization-id': org },
      });
    expect((await products()).statusCode).toBe(200);
    const removed = await call(
      owner,
      'DELETE',
      `/v1/organizations/${org}/members/${member.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await products()).statusCode).toBe(404);
    const again = await call(owner, 'DELETE', `/v1/organizations/${org}/members/${member.userId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: memberMessages.notMember, field: 'userId' });
  });

  it('lets a member leave, but not the last owner', async () => {
    const viewer = await inviteAndAccept(t, owner, org, 'viewer');
    expect((await call(viewer, 'POST', `/v1/organizations/${org}/leave`)).statusCode).toBe(204);
    expect((await rolesOf())[viewer.userId]).toBeUndefined();
    const ownerLeaves = await call(owner, 'POST', `/v1/organizations/${org}/leave`);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().error).toBe(memberMessages.ownerCannotLeave);
    expect((await rolesOf())[owner.userId]).toBe('owner');
  });

  it('transfers ownership: one owner before and after, the old one an admin', async () => {
    const other = await signIn(t);
    const otherOrg = other.firstOrgId;
    const admin = await inviteAndAccept(t, other, otherOrg, 'admin');
    const byAdmin = await call(admin, 'POST', `/v1/organizations/${otherOrg}/transfer-ownership`, {
      userId: admin.userId,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(roleMessages.required('owner', 'admin'));
    const stranger = await call(other, 'POST', `/v1/organizations/${otherOrg}/transfer-ownership`, {
      userId: owner.userId,
    });
    expect(stranger.statusCode).toBe(404);
    const done = await call(other, 'POST', `/v1/organizations/${otherOrg}/transfer-ownership`, {
      userId: admin.userId,
    });
    expect(done.statusCode).toBe(204);
    const roles = (await call(admin, 'GET', `/v1/organizations/${otherOrg}/members`)).json<{
      members: { user_id: string; role: string }[];
    }>().members;
    expect(roles.filter((m) => m.role === 'owner').map((m) => m.user_id)).toEqual([admin.userId]);
    expect(roles.find((m) => m.user_id === other.userId)?.role).toBe('admin');
    // The previous owner may now leave; the new one may not.
    expect((await call(other, 'POST', `/v1/organizations/${otherOrg}/leave`)).statusCode).toBe(204);
    expect((await call(admin, 'POST', `/v1/organizations/${otherOrg}/leave`)).statusCode).toBe(409);
  });

  it("answers another organisation's members with 404", async () => {
    const stranger = await signIn(t);
    const res = await call(stranger, 'GET', `/v1/organizations/${org}/members`);
    expect(res.statusCode).toBe(404);
    const bad = await call(stranger, 'GET', '/v1/organizations/not-a-uuid/members');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it("shows who did what: a member's cost change under their e-mail, and filters by member", async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const product = await newProduct(t.db.db, org, {
      title: 'Team Mug',
      variants: [{ sku: 'TEAM-1' }],
    });
    const cost = await t.app.inject({
      method: 'POST',
      url: '/v1/variants/cost',
      headers: { ...member.headers, 'x-organization-id': org },
      payload: { variant_id: product.variantIds[0], cost: 4.5 },
    });
    expect(cost.statusCode).toBe(200);
    const list = (userId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/activity_logs?user_id=${userId}`,
        headers: { ...owner.headers, 'x-organization-id': org },
      });
    const mine = (await list(member.userId)).json<{
      activities: { activity: string; user_id: string; user_email: string }[];
      total: number;
    }>();
    expect(mine.total).toBe(1);
    expect(mine.activities[0]).toMatchObject({
      activity: 'Cost price updated',
      user_id: member.userId,
      user_email: member.email,
    });
    const owners = (await list(owner.userId)).json<{ activities: { user_id: string }[] }>();
    expect(owners.activities.every((a) => a.user_id === owner.userId)).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/activity_logs?user_id=nobody',
      headers: { ...owner.headers, 'x-organization-id': org },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('user_id');
  });
});
