import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/app';
import {
  call,
  cancelNow,
  DAY,
  startBillingWorld,
  startCheckout,
  storedSubscription,
  subscribe,
  subscriptionOf,
  type BillingWorld,
} from '../support/billing';

let w: BillingWorld;
beforeAll(async () => {
  w = await startBillingWorld();
});
afterAll(async () => {
  await w?.close();
});

const storedCustomer = async (orgId: string) =>
  (await storedSubscription(w, orgId)).stripe_customer_id as string | null;

describe('the Stripe customer of an organisation (issue 20 item 4)', () => {
  it('a stored customer Stripe no longer has is replaced by a new one: the checkout opens', async () => {
    const user = await signIn(w.t);
    await startCheckout(w, user);
    const lost = await storedCustomer(user.firstOrgId);
    expect(lost).toMatch(/^cus_/);
    // What a Stripe that forgot its customers (the sandbox emulator restarted empty) answers.
    w.emulator.store.customers.delete(lost!);

    const { session } = await startCheckout(w, user);
    const replacement = await storedCustomer(user.firstOrgId);
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(lost);
    expect(session.customer).toBe(replacement);
    const customer = await w.stripe.customers.retrieve(replacement!);
    expect(customer).toMatchObject({ metadata: { organization_id: user.firstOrgId } });
  });

  it('a new customer id already stored for another organisation is not shared (no 500)', async () => {
    const older = await signIn(w.t);
    const newer = await signIn(w.t);
    const name = (
      await w.t.db.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', newer.firstOrgId)
        .executeTakeFirstOrThrow()
    ).name;
    // Stripe hands the newer organisation's first customer id out, and the older organisation
    // already has it stored: what a restarted emulator with counters restarting at 1 did.
    const reused = await w.stripe.customers.create(
      { name: name || undefined, metadata: { organization_id: newer.firstOrgId } },
      { idempotencyKey: `stocksync-customer-${newer.firstOrgId}` },
    );
    await sql`update subscriptions set stripe_customer_id = ${reused.id}
              where organization_id = ${older.firstOrgId}`.execute(w.t.db.db);

    const answer = await call(w, newer, 'POST', '/v1/subscriptions/stripe/checkout', {
      plan: 'starter',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const own = await storedCustomer(newer.firstOrgId);
    expect(own).toMatch(/^cus_/);
    expect(own).not.toBe(reused.id);
    expect(await storedCustomer(older.firstOrgId)).toBe(reused.id);
  });

  it('Manage subscription never opens a customer made for another organisation', async () => {
    const user = await signIn(w.t);
    const other = await signIn(w.t);
    await subscribe(w, user);
    const customer = await storedCustomer(user.firstOrgId);
    expect((await call(w, user, 'POST', '/v1/subscriptions/stripe/portal')).statusCode).toBe(200);
    // The stored id now names another organisation's customer at Stripe.
    await w.stripe.customers.update(customer!, {
      metadata: { organization_id: other.firstOrgId },
    });

    const portal = await call(w, user, 'POST', '/v1/subscriptions/stripe/portal');
    expect(portal.statusCode).toBe(409);
    const sync = await call(w, user, 'POST', '/v1/subscriptions/stripe/sync');
    expect(sync.statusCode).toBe(409);
  });
});

describe('cancelling and the trial (issue 20 item 6)', () => {
  it('after "Cancel plan now" the subscription is canceled and its end is when it ended', async () => {
    const user = await signIn(w.t);
    await subscribe(w, user);
    const { stripe_subscription_id: id } = await storedSubscription(w, user.firstOrgId);
    await cancelNow(w, user);

    const ended = await w.stripe.subscriptions.retrieve(id as string);
    expect(ended.status).toBe('canceled');
    const sub = await subscriptionOf(w, user);
    expect(sub).toMatchObject({ status: 'canceled', is_gated: true });
    expect(sub.current_period_end).toBe(new Date(ended.ended_at! * 1000).toISOString());
  });

  it('subscribing during the trial keeps the trial: trialing until the same end, nothing charged yet', async () => {
    const user = await signIn(w.t);
    const before = await subscriptionOf(w, user);
    expect(before.status).toBe('trialing');
    const trialEnd = before.trial_end!;

    const session = await subscribe(w, user, 'growth', { duringTrial: true });
    const sub = await subscriptionOf(w, user);
    expect(sub).toMatchObject({
      provider: 'STRIPE',
      status: 'trialing',
      plan: { code: 'growth' },
      is_gated: false,
    });
    // Stripe keeps whole seconds.
    const seconds = Math.floor(Date.parse(trialEnd) / 1000);
    expect(sub.trial_end).toBe(new Date(seconds * 1000).toISOString());
    const done = await w.stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('no_payment_required');
    const atStripe = await w.stripe.subscriptions.retrieve(done.subscription as string);
    expect(atStripe).toMatchObject({ status: 'trialing', trial_end: seconds });
  });

  it("with less than 48 hours of trial left (Stripe's minimum), the subscription starts at once", async () => {
    const user = await signIn(w.t);
    const soon = new Date(w.t.clock.now().getTime() + DAY * 1000);
    await sql`update subscriptions set trial_end = ${soon}
              where organization_id = ${user.firstOrgId}`.execute(w.t.db.db);
    await subscribe(w, user, 'starter', { duringTrial: true });
    expect(await subscriptionOf(w, user)).toMatchObject({ status: 'active', trial_end: null });
  });
});
