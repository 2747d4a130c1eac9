import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { signIn, type SignedInUser } from '../support/app';
import {
  postStripeEvent,
  startBillingWorld,
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

let eventCounter = 0;
const eventId = (label: string) => `evt_test_${label}_${++eventCounter}`;

async function stripeEvents() {
  return w.t.db.db
    .selectFrom('processed_webhook_events')
    .selectAll()
    .where('provider', '=', 'stripe')
    .execute();
}

/** An active organisation and its subscription as Stripe has it, plus the time of its last event. */
async function activeOrganisation(): Promise<{
  user: SignedInUser;
  sub: Stripe.Subscription;
  at: number;
}> {
  const user = await signIn(w.t);
  await subscribe(w, user, 'growth');
  const stored = await storedSubscription(w, user.firstOrgId);
  const sub = await w.stripe.subscriptions.retrieve(stored.stripe_subscription_id as string);
  const at = Math.floor((stored.provider_updated_at as Date).getTime() / 1000);
  return { user, sub, at };
}

/** A subscription event about `sub` with these changes, at `created` (Unix seconds). */
function subscriptionEvent(
  type: 'updated' | 'deleted',
  sub: Stripe.Subscription,
  created: number,
  changes: Partial<Stripe.Subscription> = {},
) {
  return {
    id: eventId(type),
    type: `customer.subscription.${type}`,
    created,
    data: { object: { ...sub, ...changes } },
  };
}

describe('Stripe webhook signatures', () => {
  it('refuses a bad, missing or replayed-on-other-bytes signature with 400 and changes nothing', async () => {
    const { user, sub, at } = await activeOrganisation();
    const before = await storedSubscription(w, user.firstOrgId);
    const recorded = (await stripeEvents()).length;
    const event = subscriptionEvent('deleted', sub, at + 10, { status: 'canceled' });

    const wrongSecret = await postStripeEvent(w, event, 'whsec_not_the_endpoint_secret');
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({
      error: 'Invalid Stripe-Signature',
      field: 'stripe-signature',
    });

    const payload = JSON.stringify({ object: 'event', ...event });
    const header = w.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: w.webhookSecret,
    });
    const tampered = await fetch(`${w.base}/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('"canceled"', '"active"  '),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${w.base}/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);

    expect(await storedSubscription(w, user.firstOrgId)).toEqual(before);
    expect(await stripeEvents()).toHaveLength(recorded);
    expect((await subscriptionOf(w, user)).status).toBe('active');
  });
});

describe('Stripe webhook events', () => {
  it('applies a replayed event once', async () => {
    const { user, sub, at } = await activeOrganisation();
    const failed = subscriptionEvent('updated', sub, at + 10, { status: 'past_due' });
    const first = await postStripeEvent(w, failed);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect((await subscriptionOf(w, user)).status).toBe('past_due');

    const recovered = subscriptionEvent('updated', sub, at + 20, { status: 'active' });
    expect((await postStripeEvent(w, recovered)).status).toBe(200);
    expect((await subscriptionOf(w, user)).status).toBe('active');

    // The same event again (Stripe retries and duplicates): acknowledged, not applied again.
    const again = await postStripeEvent(w, failed);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await subscriptionOf(w, user)).status).toBe('active');
    const rows = (await stripeEvents()).filter((e) => e.event_id === failed.id);
    expect(rows).toHaveLength(1);
  });

  it('ends in the right state whatever order the events arrive in', async () => {
    const { user, sub, at } = await activeOrganisation();
    // An update older than the state we hold changes nothing.
    await postStripeEvent(
      w,
      subscriptionEvent('updated', sub, at - 60, {
        status: 'past_due',
        cancel_at_period_end: true,
      }),
    );
    expect(await subscriptionOf(w, user)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });

    // Deleted at +40 arrives before the update made at +30: canceled stays.
    await postStripeEvent(w, subscriptionEvent('deleted', sub, at + 40, { status: 'canceled' }));
    await postStripeEvent(w, subscriptionEvent('updated', sub, at + 30, { status: 'active' }));
    expect(await subscriptionOf(w, user)).toMatchObject({ status: 'canceled', is_gated: true });
    // A canceled subscription never comes back, even from a later event about it.
    await postStripeEvent(w, subscriptionEvent('updated', sub, at + 50, { status: 'active' }));
    expect(await subscriptionOf(w, user)).toMatchObject({ status: 'canceled', is_gated: true });
  });

  it('does not let an old invoice failure undo a later payment', async () => {
    const { user, sub, at } = await activeOrganisation();
    const invoice = (customer: string, created: number, type: string) => ({
      id: eventId(type),
      type,
      created,
      data: {
        object: {
          id: `in_test_${eventCounter}`,
          object: 'invoice',
          customer,
          parent: { subscription_details: { subscription: sub.id } },
        },
      },
    });
    const customer = sub.customer as string;
    await postStripeEvent(w, invoice(customer, at + 10, 'invoice.payment_failed'));
    expect((await subscriptionOf(w, user)).status).toBe('past_due');
    await postStripeEvent(w, invoice(customer, at + 30, 'invoice.paid'));
    expect((await subscriptionOf(w, user)).status).toBe('active');
    await postStripeEvent(w, invoice(customer, at + 20, 'invoice.payment_failed'));
    expect((await subscriptionOf(w, user)).status).toBe('active');
  });

  it('acknowledges events it does not act on, and events of unknown customers, changing nothing', async () => {
    const { user, sub, at } = await activeOrganisation();
    const before = await storedSubscription(w, user.firstOrgId);
    const other = await postStripeEvent(w, {
      id: eventId('other'),
      type: 'customer.updated',
      created: at + 10,
      data: { object: { id: sub.customer, object: 'customer' } },
    });
    expect(other.status).toBe(200);
    const stranger = await postStripeEvent(
      w,
      subscriptionEvent('deleted', sub, at + 20, {
        id: 'sub_someone_else',
        customer: 'cus_someone_else',
        metadata: {},
        status: 'canceled',
      }),
    );
    expect(stranger.status).toBe(200);
    expect(await storedSubscription(w, user.firstOrgId)).toEqual(before);
  });
});
