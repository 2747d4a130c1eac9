import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMessages, type Subscription } from '@stocksync/contract';
import { signIn, type SignedInUser } from '../support/app';
import {
  call,
  DAY,
  payCheckout,
  portalAction,
  startBillingWorld,
  startCheckout,
  storedSubscription,
  subscribe as subscribeWith,
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

const subscription = (user: SignedInUser) => subscriptionOf(w, user);
const checkout = (user: SignedInUser, plan?: string) => startCheckout(w, user, plan);
const subscribe = (user: SignedInUser, plan?: string) => subscribeWith(w, user, plan);

async function gated(user: SignedInUser): Promise<boolean> {
  const answer = await call(w, user, 'GET', '/v1/subscriptions/gated');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ is_gated: boolean }>().is_gated;
}

describe('plans and the trial', () => {
  it('starts every new organisation on a 14-day trial: not gated, no provider, usage counted', async () => {
    const user = await signIn(w.t);
    const sub = await subscription(user);
    const org = await w.t.db.db
      .selectFrom('organizations')
      .select('created_at')
      .where('id', '=', user.firstOrgId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({
      provider: null,
      status: 'trialing',
      plan: null,
      trial_end: new Date(org.created_at.getTime() + 14 * DAY * 1000).toISOString(),
      current_period_end: null,
      cancel_at_period_end: false,
      is_gated: false,
      usage: { connected_accounts: 0, synced_products: 0, members: 1 },
    });
    expect(await gated(user)).toBe(false);
  });

  it("lists the plans with the Stripe catalogue's prices in the organisation's currency", async () => {
    const user = await signIn(w.t);
    const renamed = await call(w, user, 'PATCH', `/v1/organizations/${user.firstOrgId}`, {
      organizationName: 'Pound Shop',
      currency: 'GBP',
    });
    expect(renamed.statusCode).toBe(200);
    const answer = await call(w, user, 'GET', '/v1/subscriptions/plans');
    expect(answer.statusCode).toBe(200);
    const { plans } = answer.json<{ plans: unknown[] }>();
    expect(plans).toEqual([
      {
        code: 'starter',
        name: 'Starter',
        price: '15.00',
        currency: 'GBP',
        prices: { USD: '19.00', GBP: '15.00', EUR: '17.00' },
        limits: { connected_accounts: 2, synced_products: 500, members: 2 },
      },
      {
        code: 'growth',
        name: 'Growth',
        price: '39.00',
        currency: 'GBP',
        prices: { USD: '49.00', GBP: '39.00', EUR: '45.00' },
        limits: { connected_accounts: 5, synced_products: 5000, members: 5 },
      },
      {
        code: 'pro',
        name: 'Pro',
        price: '79.00',
        currency: 'GBP',
        prices: { USD: '99.00', GBP: '79.00', EUR: '89.00' },
        limits: { connected_accounts: null, synced_products: null, members: null },
      },
    ]);
    // The same amounts as the Stripe prices the checkout uses.
    for (const code of ['starter', 'growth', 'pro']) {
      for (const currency of ['usd', 'gbp', 'eur']) {
        const price = await w.stripe.prices.retrieve(`price_${code}_monthly_${currency}`);
        const plan = plans.find((p) => (p as { code: string }).code === code) as {
          prices: Record<string, string>;
        };
        expect(plan.prices[currency.toUpperCase()]).toBe((price.unit_amount! / 100).toFixed(2));
      }
    }
  });
});

describe('Stripe checkout', () => {
  it('refuses an unknown plan with 400 naming plan, and creates nothing', async () => {
    const user = await signIn(w.t);
    for (const body of [{ plan: 'platinum' }, {}, { plan: 3 }]) {
      const answer = await call(w, user, 'POST', '/v1/subscriptions/stripe/checkout', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'plan' });
    }
    expect((await storedSubscription(w, user.firstOrgId)).stripe_customer_id).toBeNull();
  });

  it("opens a subscription Checkout for the organisation's customer, created once", async () => {
    const user = await signIn(w.t);
    await call(w, user, 'PATCH', `/v1/organizations/${user.firstOrgId}`, {
      organizationName: 'Euro Shop',
      currency: 'EUR',
    });
    const first = await checkout(user, 'growth');
    const second = await checkout(user, 'pro');
    expect(first.session.customer).toMatch(/^cus_/);
    expect(second.session.customer).toBe(first.session.customer);
    expect((await storedSubscription(w, user.firstOrgId)).stripe_customer_id).toBe(
      first.session.customer,
    );
    expect(first.session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: user.firstOrgId,
      success_url: `${w.base}/Euro%20Shop/settings/billing?provider=STRIPE&subscription=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${w.base}/Euro%20Shop/settings/billing?provider=STRIPE&subscription=cancel`,
    });
    const items = await w.stripe.checkout.sessions.listLineItems(first.session.id);
    expect(items.data[0]?.price?.id).toBe('price_growth_monthly_eur');
    // Nothing is granted before the payment.
    expect((await subscription(user)).status).toBe('trialing');
  });

  it('pays on the hosted page; the webhooks make the organisation active', async () => {
    const user = await signIn(w.t);
    const { url, session } = await checkout(user, 'starter');
    const paid = await payCheckout(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`session_id=${session.id}`);
    await w.emulator.control.idle();
    const sub = await subscription(user);
    const stripeSub = (await w.stripe.subscriptions.list({ customer: session.customer as string }))
      .data[0]!;
    expect(sub).toEqual({
      provider: 'STRIPE',
      status: 'active',
      plan: { code: 'starter', name: 'Starter' },
      trial_end: null,
      current_period_end: new Date(
        stripeSub.items.data[0]!.current_period_end * 1000,
      ).toISOString(),
      cancel_at_period_end: false,
      is_gated: false,
      usage: { connected_accounts: 0, synced_products: 0, members: 1 },
    });
    const stored = await storedSubscription(w, user.firstOrgId);
    expect(stored.stripe_subscription_id).toBe(stripeSub.id);
    const events = await w.t.db.db
      .selectFrom('processed_webhook_events')
      .select('topic')
      .where('provider', '=', 'stripe')
      .where('account', '=', session.customer as string)
      .execute();
    expect(events.map((e) => e.topic).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
  });

  it('grants nothing from the return alone: sync reads the subscription from Stripe', async () => {
    const user = await signIn(w.t);
    const { url, session } = await checkout(user, 'pro');
    // The webhooks are lost on the way (endpoint removed), the buyer still returns.
    w.emulator.control.clearWebhookEndpoints();
    try {
      expect((await payCheckout(url)).status).toBe(303);
    } finally {
      w.emulator.control.addWebhookEndpoint({
        url: `${w.base}/v1/webhooks/stripe`,
        secret: w.webhookSecret,
      });
    }
    expect(await subscription(user)).toMatchObject({ provider: null, status: 'trialing' });
    const synced = await call(w, user, 'POST', '/v1/subscriptions/stripe/sync');
    expect(synced.statusCode).toBe(200);
    expect(synced.json<{ subscription: Subscription }>().subscription).toMatchObject({
      provider: 'STRIPE',
      status: 'active',
      plan: { code: 'pro', name: 'Pro' },
      is_gated: false,
    });
    const stored = await storedSubscription(w, user.firstOrgId);
    expect(stored.stripe_customer_id).toBe(session.customer);
  });

  it('answers 409 for the portal and sync of an organisation that never paid by card', async () => {
    const user = await signIn(w.t);
    for (const path of ['/v1/subscriptions/stripe/portal', '/v1/subscriptions/stripe/sync']) {
      const answer = await call(w, user, 'POST', path);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toContain('no Stripe billing account yet');
    }
  });
});

describe('the subscription lifecycle', () => {
  it('cancels in the portal at period end, stays active, then is canceled and gated when the period ends', async () => {
    const user = await signIn(w.t);
    await subscribe(user, 'growth');
    const portal = await call(w, user, 'POST', '/v1/subscriptions/stripe/portal');
    expect(portal.statusCode).toBe(200);
    const { url } = portal.json<{ url: string }>();
    const stored = await storedSubscription(w, user.firstOrgId);
    const session = await fetch(url);
    expect(await session.text()).toContain('data-testid="cancel-at-period-end-button"');
    const pressed = await portalAction(
      url,
      stored.stripe_subscription_id as string,
      'cancel_at_period_end',
    );
    expect(pressed.status).toBe(303);
    await w.emulator.control.idle();
    expect(await subscription(user)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      is_gated: false,
    });

    w.emulator.control.advanceClock(32 * DAY);
    await w.emulator.control.idle();
    expect(await subscription(user)).toMatchObject({
      provider: 'STRIPE',
      status: 'canceled',
      plan: { code: 'growth', name: 'Growth' },
      is_gated: true,
    });
    expect(await gated(user)).toBe(true);
  });

  it('a failed renewal makes the subscription past_due (gated); a paid retry makes it active again', async () => {
    const user = await signIn(w.t);
    const session = await subscribe(user, 'starter');
    w.emulator.control.setCardFailing(session.customer as string, true);
    w.emulator.control.advanceClock(32 * DAY);
    await w.emulator.control.idle();
    expect(await subscription(user)).toMatchObject({ status: 'past_due', is_gated: true });

    w.emulator.control.setCardFailing(session.customer as string, false);
    w.emulator.control.advanceClock(3 * DAY + 60);
    await w.emulator.control.idle();
    expect(await subscription(user)).toMatchObject({ status: 'active', is_gated: false });
  });
});

describe('organisation scope', () => {
  it("answers 404 for another organisation's billing", async () => {
    const owner = await signIn(w.t);
    const stranger = await signIn(w.t);
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/v1/users/subscription'],
      ['GET', '/v1/subscriptions/gated'],
      ['GET', '/v1/subscriptions/plans'],
      ['GET', '/v1/subscriptions/shopify/sessions'],
      ['POST', '/v1/subscriptions/stripe/checkout', { plan: 'starter' }],
      ['POST', '/v1/subscriptions/stripe/portal'],
      ['POST', '/v1/subscriptions/stripe/sync'],
      ['POST', '/v1/subscriptions/shopify/reconnect', { plan: 'starter' }],
      ['POST', '/v1/subscriptions/shopify/sync', {}],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(w, stranger, method, path, body, owner.firstOrgId);
      expect(answer.statusCode, path).toBe(404);
    }
    expect((await storedSubscription(w, owner.firstOrgId)).stripe_customer_id).toBeNull();
  });
});

describe('roles', () => {
  it('lets members read billing but not start a checkout, the portal or a Shopify charge (403)', async () => {
    const owner = await signIn(w.t);
    const member = await signIn(w.t);
    await w.t.db.db
      .insertInto('memberships')
      .values({ user_id: member.userId, organization_id: owner.firstOrgId, role: 'member' })
      .execute();
    const org = owner.firstOrgId;
    expect(
      (await call(w, member, 'GET', '/v1/users/subscription', undefined, org)).statusCode,
    ).toBe(200);
    for (const [path, body] of [
      ['/v1/subscriptions/stripe/checkout', { plan: 'starter' }],
      ['/v1/subscriptions/stripe/portal', undefined],
      ['/v1/subscriptions/shopify/reconnect', { plan: 'starter' }],
    ] as const) {
      const answer = await call(w, member, 'POST', path, body, org);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json(), path).toEqual({ error: roleMessages.required('owner', 'member') });
    }
    expect((await storedSubscription(w, org)).stripe_customer_id).toBeNull();
  });
});

describe('API reference', () => {
  it('documents every billing route and the 402 of the gated ones', async () => {
    const answer = await w.t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(answer.statusCode).toBe(200);
    const paths = answer.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    for (const [path, method] of [
      ['/v1/subscriptions/plans', 'get'],
      ['/v1/users/subscription', 'get'],
      ['/v1/subscriptions/gated', 'get'],
      ['/v1/subscriptions/stripe/checkout', 'post'],
      ['/v1/subscriptions/stripe/portal', 'post'],
      ['/v1/subscriptions/stripe/sync', 'post'],
      ['/v1/subscriptions/shopify/reconnect', 'post'],
      ['/v1/subscriptions/shopify/sync', 'post'],
      ['/v1/subscriptions/shopify/sessions', 'get'],
      ['/v1/webhooks/stripe', 'post'],
    ] as const) {
      expect(paths[path]?.[method], path).toBeDefined();
    }
    for (const [path, method] of [
      ['/v1/import/{platform}', 'post'],
      ['/v1/products/sync', 'post'],
      ['/v1/users/sku-settings/generate', 'post'],
      ['/v1/platforms/shopify', 'post'],
    ] as const) {
      const operation = paths[path]?.[method] as { responses: Record<string, unknown> };
      expect(operation.responses['402'], path).toBeDefined();
    }
  });
});
