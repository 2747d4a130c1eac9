import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, readForm, startReceiver, startStripe, submitForm } from './test-helpers';

let ctx: Awaited<ReturnType<typeof startStripe>>;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret: string;
const verifier = new Stripe('sk_test_unused', { telemetry: false });

beforeAll(async () => {
  ctx = await startStripe();
  stripe = ctx.stripe;
  receiver = await startReceiver();
});
afterAll(async () => {
  await ctx.emulator.close();
  await receiver.close();
});
beforeEach(async () => {
  await ctx.emulator.control.idle();
  ctx.emulator.control.reset();
  ctx.emulator.control.clearWebhookEndpoints();
  receiver.received.length = 0;
  secret = ctx.emulator.control.addWebhookEndpoint({ url: receiver.url }).secret!;
});

/** Waits for deliveries in flight, then forgets what was received. */
async function clearReceived() {
  await ctx.emulator.control.idle();
  receiver.received.length = 0;
}

/** Every delivery so far, verified with the official stripe.webhooks.constructEvent. */
async function deliveredEvents(): Promise<Stripe.Event[]> {
  await ctx.emulator.control.idle();
  return receiver.received.map((r) =>
    verifier.webhooks.constructEvent(r.body, String(r.headers['stripe-signature']), secret),
  );
}

async function createSession(params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_starter_monthly_usd', quantity: 1 }],
    success_url: 'https://app.example.com/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example.com/billing/cancel',
    client_reference_id: 'org_7',
    metadata: { org_id: '7' },
    ...params,
  });
}

/** Opens the hosted page over HTTP and presses the given button. */
async function pay(session: Stripe.Checkout.Session, button = 'pay-button', email?: string) {
  const page = await fetch(session.url!);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-testid="pay-button"');
  expect(html).toContain('data-testid="decline-button"');
  if (session.cancel_url) expect(html).toContain(`href="${session.cancel_url}"`);
  const { action, fields } = readForm(html, 'checkout-form');
  if (email !== undefined) fields.email = email;
  fields.outcome = button === 'decline-button' ? 'decline' : 'pay';
  return submitForm(session.url!, action, fields);
}

describe('hosted checkout', () => {
  it('completes over real HTTP, redirects to success_url and fires signed webhooks', async () => {
    const session = await createSession({ customer_email: 'new@example.com' });
    const res = await pay(session);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `https://app.example.com/billing/success?session_id=${session.id}`,
    );

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.latest_invoice'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(done.customer).toMatch(/^cus_/);
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.id).toMatch(/^sub_/);
    expect(sub).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: done.customer,
    });
    expect(sub.items.data[0]?.price.id).toBe('price_starter_monthly_usd');
    const firstInvoice = sub.latest_invoice as Stripe.Invoice;
    expect(firstInvoice.id).toMatch(/^in_/);
    expect(firstInvoice.status).toBe('paid');
    const invoicePage = await fetch(firstInvoice.hosted_invoice_url!);
    expect(await invoicePage.text()).toContain('data-testid="invoice-status">paid<');

    const invoices = await stripe.invoices.list({ customer: done.customer as string });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      attempted: true,
      attempt_count: 1,
      amount_paid: 1900,
      billing_reason: 'subscription_create',
    });
    expect(invoices.data[0]?.parent?.subscription_details?.subscription).toBe(sub.id);

    const events = await deliveredEvents();
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.created',
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ]),
    );
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    expect(completed.id).toMatch(/^evt_/);
    expect(completed).toMatchObject({
      object: 'event',
      livemode: false,
      api_version: Stripe.API_VERSION,
    });
    const obj = completed.data.object as Stripe.Checkout.Session;
    expect(obj).toMatchObject({
      id: session.id,
      client_reference_id: 'org_7',
      metadata: { org_id: '7' },
      subscription: sub.id,
      customer: done.customer,
      status: 'complete',
    });
    for (const r of receiver.received) {
      expect(r.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.headers['content-type']).toContain('application/json');
    }
    // The hosted page of a completed session no longer takes payment.
    const again = await fetch(session.url!);
    expect(await again.text()).toContain('data-testid="session-inactive"');
  });

  it('asks for an email when the session has no customer and starts a trial without charging', async () => {
    const session = await createSession({
      subscription_data: { trial_period_days: 14, metadata: { org_id: '7' } },
    });
    const noEmail = await pay(session, 'pay-button', '');
    expect(noEmail.status).toBe(400);
    const res = await pay(session, 'pay-button', 'trial@example.com');
    expect(res.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('no_payment_required');
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub.status).toBe('trialing');
    expect(sub.metadata).toEqual({ org_id: '7' });
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * DAY);
    expect(sub.items.data[0]?.current_period_end).toBe(sub.trial_end);
    const customer = await stripe.customers.retrieve(done.customer as string);
    expect((customer as Stripe.Customer).email).toBe('trial@example.com');
    const [invoice] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoice).toMatchObject({ amount_due: 0, status: 'paid' });
  });

  it('shows a decline for the failing card and leaves the session open with nothing created', async () => {
    const session = await createSession({ customer_email: 'declined@example.com' });
    const res = await pay(session, 'decline-button');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'open', subscription: null });
    expect((await stripe.customers.list()).data).toHaveLength(0);
    expect(await deliveredEvents()).toHaveLength(0);
  });
});

describe('billing portal', () => {
  async function subscribed() {
    const session = await createSession({ customer_email: 'portal@example.com' });
    await pay(session);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return { customer: done.customer as string, subscription: done.subscription as string };
  }

  it('switches plan on the hosted page and returns to return_url', async () => {
    const { customer, subscription } = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: 'https://app.example.com/settings/billing',
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer, livemode: false });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('href="https://app.example.com/settings/billing"');
    expect(html).toContain('Stocksync Starter');
    expect(html).toContain('<option value="price_pro_monthly_usd"');
    expect(html).not.toContain('price_pro_monthly_eur');
    await clearReceived();

    const { fields } = readForm(html, 'switch-plan-button');
    const res = await submitForm(portal.url, undefined, {
      ...fields,
      price: 'price_pro_monthly_usd',
    });
    expect(res.status).toBe(303);
    const next = new URL(res.headers.get('location')!, portal.url);
    const after = await (await fetch(next)).text();
    expect(after).toContain('Your plan has been updated.');
    expect(after).toContain('data-testid="return-link"');

    const sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.items.data[0]?.price.id).toBe('price_pro_monthly_usd');
    const events = await deliveredEvents();
    const updated = events.find((e) => e.type === 'customer.subscription.updated')!;
    expect((updated.data.object as Stripe.Subscription).items.data[0]?.price.id).toBe(
      'price_pro_monthly_usd',
    );
    const previous = updated.data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items?.data[0]?.price.id).toBe('price_starter_monthly_usd');
  });

  it('cancels at period end, renews, and cancels now', async () => {
    const { customer, subscription } = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({ customer });
    const press = async (testId: string) => {
      const html = await (await fetch(portal.url)).text();
      const { fields } = readForm(html, testId);
      const res = await submitForm(portal.url, undefined, fields);
      expect(res.status).toBe(303);
    };
    await press('cancel-at-period-end-button');
    let sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(sub.cancel_at).toBe(sub.items.data[0]?.current_period_end);
    await press('renew-button');
    sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await press('cancel-now-button');
    sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.status).toBe('canceled');
    expect(sub.ended_at).not.toBeNull();
    const types = (await deliveredEvents()).map((e) => e.type);
    expect(types.filter((t) => t === 'customer.subscription.updated')).toHaveLength(2);
    expect(types).toContain('customer.subscription.deleted');
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('data-testid="portal-no-subscription"');
  });

  it('rejects a portal session for an unknown customer and an expired link', async () => {
    const error = await stripe.billingPortal.sessions
      .create({ customer: 'cus_missing' })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    const { customer } = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({ customer });
    ctx.emulator.control.advanceClock(301);
    expect((await fetch(portal.url)).status).toBe(404);
  });
});

describe('subscriptions API', () => {
  it('lists by customer and status, updates price and cancel_at_period_end, cancels', async () => {
    const session = await createSession({ customer_email: 'api@example.com' });
    await pay(session);
    const { customer, subscription } = await stripe.checkout.sessions.retrieve(session.id);
    const list = await stripe.subscriptions.list({
      customer: customer as string,
      status: 'active',
    });
    expect(list.data.map((s) => s.id)).toEqual([subscription]);
    expect((await stripe.subscriptions.list({ status: 'canceled' })).data).toHaveLength(0);

    const sub = await stripe.subscriptions.retrieve(subscription as string, {
      expand: ['latest_invoice', 'customer'],
    });
    expect((sub.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect((sub.customer as Stripe.Customer).email).toBe('api@example.com');
    const withSubs = (await stripe.customers.retrieve(customer as string, {
      expand: ['subscriptions'],
    })) as Stripe.Customer;
    expect(withSubs.subscriptions?.data.map((s) => s.id)).toEqual([subscription]);

    const item = sub.items.data[0]!;
    const moved = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: 'price_growth_monthly_usd' }],
      proration_behavior: 'none',
      cancel_at_period_end: true,
      metadata: { plan: 'growth' },
    });
    expect(moved.items.data).toHaveLength(1);
    expect(moved.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: 'price_growth_monthly_usd' },
    });
    expect(moved.cancel_at_period_end).toBe(true);
    expect(moved.metadata).toEqual({ plan: 'growth' });

    const wrongCurrency = await stripe.subscriptions
      .update(sub.id, { items: [{ id: item.id, price: 'price_pro_monthly_eur' }] })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(wrongCurrency).toMatchObject({ statusCode: 400, param: 'items[0][price]' });

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect((await stripe.subscriptions.list({ status: 'canceled' })).data).toHaveLength(1);
    expect((await stripe.subscriptions.list({ customer: customer as string })).data).toHaveLength(
      0,
    );
    const types = (await deliveredEvents()).map((e) => e.type);
    expect(types).toContain('customer.subscription.deleted');
  });
});

describe('test clock', () => {
  async function subscribe(email: string, trialDays?: number) {
    const session = await createSession({
      customer_email: email,
      ...(trialDays ? { subscription_data: { trial_period_days: trialDays } } : {}),
    });
    await pay(session);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return { customer: done.customer as string, subscription: done.subscription as string };
  }

  it('ends a trial: trialing → active with a paid invoice and webhooks', async () => {
    const { subscription } = await subscribe('trial-end@example.com', 14);
    await clearReceived();
    ctx.emulator.control.advanceClock(13 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('trialing');
    ctx.emulator.control.advanceClock(DAY + 60);
    const sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]?.current_period_start).toBe(sub.trial_end);
    const invoices = (await stripe.invoices.list({ subscription })).data;
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      amount_paid: 1900,
      billing_reason: 'subscription_cycle',
      period_start: sub.trial_end,
    });
    const events = await deliveredEvents();
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.trial_will_end',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    const willEnd = events.find((e) => e.type === 'customer.subscription.trial_will_end')!;
    expect(willEnd.created).toBe(sub.trial_end! - 3 * DAY);
    const updated = events.find((e) => e.type === 'customer.subscription.updated')!;
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect(updated.request).toEqual({ id: null, idempotency_key: null });
  });

  it('honours subscription_data.trial_end: trialing until that time, nothing charged before', async () => {
    const trialEnd = ctx.emulator.control.now() + 10 * DAY;
    const session = await createSession({
      customer_email: 'trial-carry@example.com',
      subscription_data: { trial_end: trialEnd },
    });
    expect(session.amount_total).toBe(0);
    await pay(session);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('no_payment_required');
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    expect(sub.items.data[0]?.current_period_end).toBe(trialEnd);
    ctx.emulator.control.advanceClock(trialEnd - ctx.emulator.control.now() + 60);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0]?.current_period_start).toBe(trialEnd);

    // As Stripe documents: at least 48 hours ahead, and not together with trial_period_days.
    const soon = createSession({
      subscription_data: { trial_end: ctx.emulator.control.now() + DAY },
    });
    await expect(soon).rejects.toMatchObject({ param: 'subscription_data[trial_end]' });
    const both = createSession({
      subscription_data: { trial_end: ctx.emulator.control.now() + 5 * DAY, trial_period_days: 5 },
    });
    await expect(both).rejects.toMatchObject({ param: 'subscription_data[trial_end]' });
  });

  it('renews at period end with a new paid invoice', async () => {
    const { subscription } = await subscribe('renew@example.com');
    const before = await stripe.subscriptions.retrieve(subscription);
    const end = before.items.data[0]!.current_period_end;
    ctx.emulator.control.advanceClock(end - ctx.emulator.control.now() + 1);
    const after = await stripe.subscriptions.retrieve(subscription);
    expect(after.status).toBe('active');
    expect(after.items.data[0]?.current_period_start).toBe(end);
    expect(after.items.data[0]!.current_period_end - end).toBeGreaterThanOrEqual(28 * DAY);
    const invoices = (await stripe.invoices.list({ subscription, status: 'paid' })).data;
    expect(invoices).toHaveLength(2);
    expect(after.latest_invoice).toBe(invoices[0]?.id);
    const lines = await stripe.invoices.listLineItems(invoices[0]!.id);
    expect(lines.data[0]).toMatchObject({
      amount: 1900,
      quantity: 1,
      period: { start: end, end: after.items.data[0]!.current_period_end },
    });
    const items = await stripe.subscriptionItems.list({ subscription });
    expect(items.data.map((i) => i.id)).toEqual(after.items.data.map((i) => i.id));
  });

  it('fails a renewal: invoice.payment_failed, past_due, retries, then canceled', async () => {
    const { customer, subscription } = await subscribe('dunning@example.com');
    ctx.emulator.control.setCardFailing(customer, true);
    await clearReceived();
    ctx.emulator.control.advanceClock(32 * DAY);
    let sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.status).toBe('past_due');
    const open = (await stripe.invoices.list({ subscription, status: 'open' })).data;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ attempted: true, status: 'open' });
    expect(open[0]!.next_payment_attempt).not.toBeNull();
    let types = (await deliveredEvents()).map((e) => e.type);
    expect(types).toContain('invoice.payment_failed');
    expect(types).toContain('customer.subscription.updated');

    // Default retry schedule 3, 5, 7 days; the last failure cancels (setting afterFinalPaymentFailure).
    ctx.emulator.control.advanceClock(16 * DAY);
    sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.status).toBe('canceled');
    expect(sub.cancellation_details?.reason).toBe('payment_failed');
    const invoice = await stripe.invoices.retrieve(open[0]!.id);
    expect(invoice.attempt_count).toBe(4);
    types = (await deliveredEvents()).map((e) => e.type);
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    expect(types).toContain('customer.subscription.deleted');
  });

  it('takes the fails-later card (…0341) for a trial, then fails the first charge at trial end', async () => {
    const session = await createSession({
      customer_email: 'later@example.com',
      subscription_data: { trial_period_days: 7 },
    });
    const page = await (await fetch(session.url!)).text();
    const { action, fields } = readForm(page, 'checkout-form');
    const res = await submitForm(session.url!, action, {
      ...fields,
      card_number: '4000 0000 0000 0341',
      outcome: 'pay',
    });
    expect(res.status).toBe(303);
    const { subscription, customer } = await stripe.checkout.sessions.retrieve(session.id);
    ctx.emulator.control.advanceClock(8 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription as string)).status).toBe('past_due');

    // Paying a new Checkout Session with a good card replaces the failing card.
    const again = await createSession({ customer: customer as string });
    expect((await pay(again)).status).toBe(303);
    expect(ctx.emulator.store.billing.get(customer as string)?.alwaysFail).toBe(false);
  });

  it('recovers from one failed payment on the first retry', async () => {
    const { customer, subscription } = await subscribe('retry@example.com');
    ctx.emulator.control.failNextPayments(customer, 1);
    ctx.emulator.control.advanceClock(32 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('past_due');
    ctx.emulator.control.advanceClock(3 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('active');
    const invoices = (await stripe.invoices.list({ subscription })).data;
    expect(invoices[0]).toMatchObject({ status: 'paid', attempt_count: 2 });
  });

  it('moves to unpaid instead of canceling when configured', async () => {
    const local = await startStripe({ afterFinalPaymentFailure: 'unpaid', paymentRetryDays: [1] });
    try {
      const session = await local.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_pro_monthly_eur', quantity: 2 }],
        success_url: 'https://app.example.com/ok',
        customer_email: 'unpaid@example.com',
      });
      local.emulator.control.completeCheckoutSession(session.id);
      const { customer, subscription } = await local.stripe.checkout.sessions.retrieve(session.id);
      local.emulator.control.setCardFailing(customer as string, true);
      local.emulator.control.advanceClock(33 * DAY);
      const sub = await local.stripe.subscriptions.retrieve(subscription as string);
      expect(sub.status).toBe('unpaid');
      const [invoice] = (await local.stripe.invoices.list({ subscription: sub.id })).data;
      expect(invoice).toMatchObject({ amount_due: 17800, attempt_count: 2, status: 'open' });
    } finally {
      await local.emulator.close();
    }
  });

  it('reaches the end of a period set to cancel_at_period_end → canceled', async () => {
    const { subscription } = await subscribe('leaving@example.com');
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await clearReceived();
    ctx.emulator.control.advanceClock(32 * DAY);
    const sub = await stripe.subscriptions.retrieve(subscription);
    expect(sub.status).toBe('canceled');
    expect(sub.ended_at).toBe(sub.cancel_at);
    expect((await stripe.invoices.list({ subscription })).data).toHaveLength(1);
    const events = await deliveredEvents();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((events[0]!.data.object as Stripe.Subscription).status).toBe('canceled');
  });

  it('drives the same scenarios through the HTTP control interface', async () => {
    const { customer, subscription } = await subscribe('control@example.com');
    const post = (path: string, body: unknown) =>
      fetch(`${ctx.url}/_emulator${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(`/customers/${customer}/payment-failure`, { count: 1 })).status).toBe(200);
    const advanced = (await (await post('/clock/advance', { seconds: 32 * DAY })).json()) as {
      events: Array<{ type: string }>;
    };
    expect(advanced.events.map((e) => e.type)).toContain('invoice.payment_failed');
    const state = (await (await fetch(`${ctx.url}/_emulator/state`)).json()) as {
      subscriptions: Array<{ id: string; status: string }>;
    };
    expect(state.subscriptions.find((s) => s.id === subscription)?.status).toBe('past_due');
    expect((await post('/clock/advance', { seconds: -5 })).status).toBe(400);
    const hook = (await (
      await post('/webhook-endpoints', { url: 'http://127.0.0.1:9/x', secret: 'whsec_fixed' })
    ).json()) as { secret: string };
    expect(hook.secret).toBe('whsec_fixed');
    expect((await post('/reset', {})).status).toBe(200);
    expect((await stripe.subscriptions.list()).data).toHaveLength(0);
    expect(ctx.emulator.control.now() - Math.floor(Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('webhook delivery faults', () => {
  it('retries a delivery that got a 500 and duplicates when the fault asks', async () => {
    let calls = 0;
    const flaky = await startReceiver(() => (++calls === 1 ? 500 : 200));
    try {
      ctx.emulator.control.clearWebhookEndpoints();
      const endpoint = ctx.emulator.control.addWebhookEndpoint({
        url: flaky.url,
        enabledEvents: ['customer.created'],
      });
      await stripe.customers.create({ email: 'hooks@example.com' });
      await ctx.emulator.control.idle();
      expect(flaky.received).toHaveLength(2);
      expect(flaky.received[0]?.body).toBe(flaky.received[1]?.body);
      const event = verifier.webhooks.constructEvent(
        flaky.received[1]!.body,
        String(flaky.received[1]!.headers['stripe-signature']),
        endpoint.secret!,
      );
      expect(event.type).toBe('customer.created');

      ctx.emulator.core.setFaults({ duplicateWebhookRate: 1 });
      await stripe.customers.create({ email: 'dupe@example.com' });
      await ctx.emulator.control.idle();
      expect(flaky.received).toHaveLength(4);
      expect(flaky.received[2]?.body).toBe(flaky.received[3]?.body);
    } finally {
      ctx.emulator.core.setFaults({ duplicateWebhookRate: 0 });
      await flaky.close();
    }
  });
});
