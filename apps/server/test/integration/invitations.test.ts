import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages, roleMessages } from '@stocksync/contract';
import { INVITATION_LIMITS } from '../../src/modules/invitations/service';
import {
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../support/app';
import { invitationToken, invite, inviteAndAccept } from './members-fixtures';

/* Issue 24: invitations by e-mail and their edge cases. */

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let owner: SignedInUser;
let org: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  org = owner.firstOrgId;
  await t.app.inject({
    method: 'POST',
    url: '/v1/users/onboard',
    headers: owner.headers,
    payload: { organisation: 'Invite Works', currency: 'USD' },
  });
});
afterAll(async () => {
  await t?.close();
});

const accept = (user: SignedInUser, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: user.headers,
    payload: { token },
  });
const openInvitations = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v1/organizations/${org}/invitations`,
      headers: owner.headers,
    })
  ).json<{ invitations: { id: string; email: string; role: string; expired: boolean }[] }>()
    .invitations;

/** The organisation pays for `code` from now on (written as the provider's webhook would). */
const activePlan = (organizationId: string, code: 'starter' | 'growth') =>
  sql`update subscriptions set status = 'active', provider = 'STRIPE', plan_code = ${code},
      trial_end = null, current_period_end = ${new Date(t.clock.now().getTime() + 30 * DAY_MS)}
      where organization_id = ${organizationId}`.execute(t.db.db);

describe('invitations', () => {
  it('mails a single-use link, stored only as a hash, that lets the invited address join', async () => {
    const user = await signIn(t, uniqueEmail('joiner'));
    const res = await invite(t, owner, org, user.email, 'member');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: user.email, role: 'member', expired: false });
    const mail = t.smtp.messages.at(-1)!;
    expect(mail.subject).toBe('Join Invite Works on StockSync');
    expect(mail.text).toContain(`${owner.email} invited you`);
    const token = invitationToken(t, user.email);
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from invitations where token_hash = ${token}`.execute(t.db.db);
    expect(stored.rows[0]!.n).toBe(0);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/v1/invitations/preview',
      payload: { token },
    });
    expect(preview.json()).toMatchObject({
      organization_name: 'Invite Works',
      email: user.email,
      role: 'member',
    });
    const accepted = await accept(user, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      organization: { id: org, name: 'Invite Works', role: 'member' },
    });
    expect((await openInvitations()).map((i) => i.email)).not.toContain(user.email);

    // Again by the member it made: the same answer; after leaving, the link is used up.
    const again = await signIn(t, user.email);
    expect((await accept(again, token)).json()).toEqual(accepted.json());
    const left = await t.app.inject({
      method: 'POST',
      url: `/v1/organizations/${org}/leave`,
      headers: again.headers,
    });
    expect(left.statusCode).toBe(204);
    const reused = await accept(again, token);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ error: invitationMessages.used, field: 'token' });
  });

  it('refuses an expired link, and marks it expired in the list', async () => {
    const email = uniqueEmail('late');
    await invite(t, owner, org, email, 'viewer');
    const token = invitationToken(t, email);
    t.clock.advance(7 * DAY_MS + 1000);
    owner = await signIn(t, owner.email); // the old access token expired too
    const user = await signIn(t, email);
    const res = await accept(user, token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(invitationMessages.expired);
    expect((await openInvitations()).find((i) => i.email === email)?.expired).toBe(true);
  });

  it('refuses a revoked link, and the old link once the address is invited again', async () => {
    const email = uniqueEmail('revoked');
    await invite(t, owner, org, email, 'member');
    const first = invitationToken(t, email);
    const again = await invite(t, owner, org, email, 'admin');
    expect(again.statusCode).toBe(201);
    const second = invitationToken(t, email);
    expect(second).not.toBe(first);
    expect((await openInvitations()).filter((i) => i.email === email)).toHaveLength(1);
    const user = await signIn(t, email);
    expect((await accept(user, first)).json().error).toBe(invitationMessages.revoked);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/v1/organizations/${org}/invitations/${again.json<{ id: string }>().id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const res = await accept(user, second);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(invitationMessages.revoked);
  });

  it('refuses a signed-in user whose address is not the invited one, changing nothing', async () => {
    const email = uniqueEmail('invited');
    await invite(t, owner, org, email, 'member');
    const token = invitationToken(t, email);
    const someoneElse = await signIn(t);
    const res = await accept(someoneElse, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(invitationMessages.wrongEmail(email));
    expect((await accept(await signIn(t, email), token)).statusCode).toBe(200);
  });

  it('refuses to invite a member, and a link accepted by someone who is a member already', async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const res = await invite(t, owner, org, member.email, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: invitationMessages.alreadyMember(member.email),
      field: 'email',
    });
    // Invited before joining by another link: the second link finds them a member.
    const email = uniqueEmail('twice');
    await invite(t, owner, org, email, 'member');
    const first = invitationToken(t, email);
    const user = await signIn(t, email);
    await sql`insert into memberships (user_id, organization_id, role, created_at)
              values (${user.userId}, ${org}, 'viewer', now())`.execute(t.db.db);
    const late = await accept(user, first);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(invitationMessages.youAreMember);
  });

  it('answers an unknown or malformed token with 404 or 400 naming it', async () => {
    const user = await signIn(t);
    const unknown = await accept(user, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: invitationMessages.notFound, field: 'token' });
    const malformed = await accept(user, 'short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('token');
  });

  it('is for owners and admins only', async () => {
    const member = await inviteAndAccept(t, owner, org, 'member');
    const res = await invite(t, member, org, uniqueEmail(), 'viewer');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(roleMessages.required('admin', 'member'));
  });

  it('limits the invitations to one address per hour', async () => {
    let other = await signIn(t);
    const email = uniqueEmail('often');
    for (let i = 0; i < INVITATION_LIMITS.perEmailPerHour; i++) {
      expect((await invite(t, other, other.firstOrgId, email, 'viewer')).statusCode).toBe(201);
    }
    const limited = await invite(t, other, other.firstOrgId, email, 'viewer');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(invitationMessages.tooManyForEmail);
    t.clock.advance(60 * 60 * 1000 + 1000);
    other = await signIn(t, other.email);
    owner = await signIn(t, owner.email);
    expect((await invite(t, other, other.firstOrgId, email, 'viewer')).statusCode).toBe(201);
  });

  it("counts members and pending invitations against the plan's members (402 plan_limit)", async () => {
    const small = await signIn(t);
    await activePlan(small.firstOrgId, 'starter');
    const pending = uniqueEmail('seat');
    expect((await invite(t, small, small.firstOrgId, pending, 'member')).statusCode).toBe(201);
    const full = await invite(t, small, small.firstOrgId, uniqueEmail('extra'), 'member');
    expect(full.statusCode).toBe(402);
    expect(full.json()).toEqual({
      error:
        'Your Starter plan allows 2 members, pending invitations included. Remove a member or an invitation, or choose a larger plan in Billing.',
      code: 'plan_limit',
    });
    // Inviting the pending address again takes no new seat.
    expect((await invite(t, small, small.firstOrgId, pending, 'admin')).statusCode).toBe(201);
  });

  it("re-checks the plan's members when a link is used (plan downgraded since): 402, nothing changed", async () => {
    const shop = await signIn(t);
    await activePlan(shop.firstOrgId, 'growth');
    const [first, second] = [await signIn(t), await signIn(t)];
    for (const user of [first, second]) {
      expect((await invite(t, shop, shop.firstOrgId, user.email, 'member')).statusCode).toBe(201);
    }
    // Growth allowed 5; Starter allows 2: the owner and one of the two invited.
    await activePlan(shop.firstOrgId, 'starter');
    expect((await accept(first, invitationToken(t, first.email))).statusCode).toBe(200);
    const refused = await accept(second, invitationToken(t, second.email));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error:
        "This organisation's Starter plan allows 2 members and has no room for another. Ask its owner to remove a member or choose a larger plan, then open the invitation link again.",
      code: 'plan_limit',
    });
    const members = await t.app.inject({
      method: 'GET',
      url: `/v1/organizations/${shop.firstOrgId}/members`,
      headers: shop.headers,
    });
    expect(members.json<{ members: { email: string }[] }>().members.map((m) => m.email)).toEqual([
      shop.email,
      first.email,
    ]);
    // The refused link is still open: it works once there is room again.
    const open = await t.app.inject({
      method: 'GET',
      url: `/v1/organizations/${shop.firstOrgId}/invitations`,
      headers: shop.headers,
    });
    expect(open.json<{ invitations: { email: string }[] }>().invitations).toEqual([
      expect.objectContaining({ email: second.email }),
    ]);
    await activePlan(shop.firstOrgId, 'growth');
    expect((await accept(second, invitationToken(t, second.email))).statusCode).toBe(200);
  });
});

describe('signing up from an invitation link', () => {
  it('joins the organisation instead of creating an empty one', async () => {
    const email = uniqueEmail('newcomer');
    await invite(t, owner, org, email, 'member');
    const token = invitationToken(t, email);
    const remoteAddress = '10.77.0.1';
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { email },
      remoteAddress,
    });
    const code = await t.smtp.waitForCode(email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code, invitation: token },
      remoteAddress,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.orgs).toEqual([
      expect.objectContaining({ id: org, name: 'Invite Works', role: 'member' }),
    ]);
    // Removed from the only organisation they have: onboarding gives them one of their own.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/organizations/${org}/members/${verified.json().user.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const onboarded = await t.app.inject({
      method: 'POST',
      url: '/v1/users/onboard',
      headers: { authorization: `Bearer ${verified.json().access_token}` },
      payload: { organisation: 'Newcomer Goods', currency: 'GBP' },
    });
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json().user.orgs).toEqual([
      expect.objectContaining({ name: 'Newcomer Goods', currency: 'GBP', role: 'owner' }),
    ]);
  });

  it('gets an organisation of its own when the plan has no room left; the link stays open', async () => {
    const shop = await signIn(t);
    await activePlan(shop.firstOrgId, 'growth');
    const helper = await signIn(t);
    const email = uniqueEmail('latecomer');
    await invite(t, shop, shop.firstOrgId, helper.email, 'member');
    await invite(t, shop, shop.firstOrgId, email, 'member');
    await activePlan(shop.firstOrgId, 'starter');
    expect((await accept(helper, invitationToken(t, helper.email))).statusCode).toBe(200);
    const token = invitationToken(t, email);
    await t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email } });
    const code = await t.smtp.waitForCode(email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code, invitation: token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.orgs).toEqual([
      expect.objectContaining({ name: '', role: 'owner' }),
    ]);
    const open = await t.app.inject({
      method: 'GET',
      url: `/v1/organizations/${shop.firstOrgId}/invitations`,
      headers: shop.headers,
    });
    expect(open.json<{ invitations: { email: string }[] }>().invitations).toEqual([
      expect.objectContaining({ email }),
    ]);
  });

  it('gets an organisation of its own when the link cannot be used', async () => {
    const email = uniqueEmail('unlucky');
    await t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email } });
    const code = await t.smtp.waitForCode(email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code, invitation: 'B'.repeat(43) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.orgs).toEqual([
      expect.objectContaining({ name: '', role: 'owner' }),
    ]);
  });
});
