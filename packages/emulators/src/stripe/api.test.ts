import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripe } from './test-helpers';

let ctx: Awaited<ReturnType<typeof startStripe>>;
let stripe: Stripe;

beforeAll(async () => {
  ctx = await startStripe();
  stripe = ctx.stripe;
});
afterAll(() => ctx.emulator.close());
beforeEach(() => ctx.emulator.control.reset());

const catchError = async (p: Promise<unknown>): Promise<Stripe.errors.StripeError> => {
  try {
    await p;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
};

describe('customers', () => {
  it('creates, retrieves, updates, lists with pagination and searches', async () => {
    const a = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { org: '1' },
    });
    expect(a.id).toMatch(/^cus_/);
    expect(a).toMatchObject({ object: 'customer', livemode: false, email: 'ada@example.com' });
    const b = await stripe.customers.create({ email: 'bob@example.com' });
    const c = await stripe.customers.create({ email: 'cy@example.com' });

    expect((await stripe.customers.retrieve(a.id)).id).toBe(a.id);
    const updated = await stripe.customers.update(a.id, {
      name: 'Ada Lovelace',
      metadata: { org: '', plan: 'pro' },
    });
    expect(updated.name).toBe('Ada Lovelace');
    expect(updated.metadata).toEqual({ plan: 'pro' });

    const page1 = await stripe.customers.list({ limit: 2 });
    expect(page1).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(page1.data.map((x) => x.id)).toEqual([c.id, b.id]);
    const page2 = await stripe.customers.list({ limit: 2, starting_after: b.id });
    expect(page2.data.map((x) => x.id)).toEqual([a.id]);
    expect(page2.has_more).toBe(false);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 1 })) all.push(customer.id);
    expect(all).toEqual([c.id, b.id, a.id]);

    expect(
      (await stripe.customers.list({ email: 'bob@example.com' })).data.map((x) => x.id),
    ).toEqual([b.id]);
    const found = await stripe.customers.search({ query: "email:'ada@example.com'" });
    expect(found.data.map((x) => x.id)).toEqual([a.id]);
    const byMeta = await stripe.customers.search({ query: "metadata['plan']:'pro'" });
    expect(byMeta.data.map((x) => x.id)).toEqual([a.id]);
  });
});

describe('unknown parameters and deletion', () => {
  it('rejects parameters Stripe does not know and accepts real ones it ignores', async () => {
    const error = await catchError(
      stripe.customers.create({
        email: 'x@example.com',
        emial: 'typo',
      } as Stripe.CustomerCreateParams),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'emial',
      message: 'Received unknown parameter: emial',
    });
    const unsupported = await catchError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'https://x.example/ok',
        line_items: [{ price: 'price_pro_monthly_usd', quantity: 1 }],
        subscription_data: { billing_cycle_anchor: 1900000000 },
      }),
    );
    expect(unsupported).toMatchObject({
      statusCode: 400,
      param: 'subscription_data[billing_cycle_anchor]',
    });
    expect(unsupported.message).toMatch(/emulator does not support/);
    const ok = await stripe.customers.create({ email: 'x@example.com', preferred_locales: ['en'] });
    expect(ok.email).toBe('x@example.com');
  });

  it('deletes a customer, cancelling nothing else, and answers the tombstone', async () => {
    const customer = await stripe.customers.create({ email: 'gone@example.com' });
    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toEqual(
      expect.objectContaining({ id: customer.id, object: 'customer', deleted: true }),
    );
    const again = await stripe.customers.retrieve(customer.id);
    expect(again.deleted).toBe(true);
    expect((await stripe.customers.list()).data).toHaveLength(0);
  });
});

describe('products and prices', () => {
  it('seeds monthly prices in several currencies, filterable by lookup_keys', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ['pro_monthly_usd', 'pro_monthly_eur', 'starter_monthly_gbp'],
      expand: ['data.product'],
    });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual([
      'pro_monthly_eur',
      'pro_monthly_usd',
      'starter_monthly_gbp',
    ]);
    const pro = prices.data.find((p) => p.lookup_key === 'pro_monthly_usd')!;
    expect(pro).toMatchObject({
      object: 'price',
      currency: 'usd',
      unit_amount: 9900,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect((pro.product as Stripe.Product).name).toBe('Stocksync Pro');
    const cannot = await catchError(stripe.prices.retrieve(pro.id, { expand: ['unit_amount'] }));
    expect(cannot).toMatchObject({ statusCode: 400, param: 'expand' });
    expect(cannot.message).toBe('This property cannot be expanded (unit_amount).');
    expect((await stripe.prices.list({ currency: 'gbp', limit: 100 })).data).toHaveLength(3);
  });

  it('creates products and prices and retrieves them', async () => {
    const product = await stripe.products.create({ name: 'Add-on', metadata: { k: 'v' } });
    expect(product.id).toMatch(/^prod_/);
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 500,
      recurring: { interval: 'month' },
      lookup_key: 'addon_monthly_usd',
    });
    expect(price.id).toMatch(/^price_/);
    expect((await stripe.prices.retrieve(price.id)).lookup_key).toBe('addon_monthly_usd');
    expect((await stripe.products.retrieve(product.id)).metadata).toEqual({ k: 'v' });
    expect((await stripe.products.list({ limit: 100 })).data.map((p) => p.id)).toContain(
      product.id,
    );
    const dup = await catchError(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 600,
        lookup_key: 'addon_monthly_usd',
      }),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.param).toBe('lookup_key');
  });
});

describe('checkout sessions', () => {
  it('creates a subscription session with every documented field and lists it', async () => {
    const customer = await stripe.customers.create({ email: 'org@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_growth_monthly_gbp', quantity: 1 }],
      success_url: 'https://app.example.com/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.com/billing/cancel',
      client_reference_id: 'tenant_42',
      metadata: { tenant_id: '42' },
      subscription_data: { trial_period_days: 14, metadata: { tenant_id: '42' } },
      allow_promotion_codes: true,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'tenant_42',
      metadata: { tenant_id: '42' },
      subscription: null,
      currency: 'gbp',
      livemode: false,
    });
    expect(session.url).toBe(`${ctx.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(86_400);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items', 'customer'],
    });
    expect(retrieved.line_items?.data[0]?.price?.id).toBe('price_growth_monthly_gbp');
    expect((retrieved.customer as Stripe.Customer).email).toBe('org@example.com');
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({ object: 'item', quantity: 1, amount_total: 3900 });
    const listed = await stripe.checkout.sessions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
  });

  it('names the failing param in 400 invalid_request_error answers', async () => {
    const missing = await catchError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_pro_monthly_usd', quantity: 1 }],
      } as Stripe.Checkout.SessionCreateParams),
    );
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'success_url',
    });
    const badPrice = await catchError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'https://x.example/ok',
        line_items: [{ price: 'price_nope', quantity: 1 }],
      }),
    );
    expect(badPrice).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    expect(badPrice.message).toBe("No such price: 'price_nope'");
    const badInt = await catchError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'https://x.example/ok',
        line_items: [{ price: 'price_pro_monthly_usd', quantity: 1 }],
        subscription_data: { trial_period_days: 'abc' as unknown as number },
      }),
    );
    expect(badInt).toMatchObject({
      statusCode: 400,
      param: 'subscription_data[trial_period_days]',
    });
  });
});

describe('errors, auth and faults', () => {
  it('answers 404 resource_missing for unknown ids in the URL', async () => {
    const error = await catchError(stripe.subscriptions.retrieve('sub_missing'));
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such subscription: 'sub_missing'",
    });
    expect(error.requestId).toMatch(/^req_/);
  });

  it('answers 401 for a bad or missing key with Stripe error shape over raw HTTP', async () => {
    const error = await catchError(ctx.client('sk_test_wrong_key_1234').customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('Invalid API Key provided: sk_test_****1234');
    const raw = await fetch(`${ctx.url}/v1/customers`);
    expect(raw.status).toBe(401);
    const body = (await raw.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/You did not provide an API key/);
    const basic = await fetch(`${ctx.url}/v1/customers`, {
      headers: {
        authorization: `Basic ${Buffer.from('sk_test_stocksync_emulator:').toString('base64')}`,
      },
    });
    expect(basic.status).toBe(200);
  });

  it('answers unknown URLs like Stripe', async () => {
    const raw = await fetch(`${ctx.url}/v1/nope`, {
      headers: { authorization: 'Bearer sk_test_stocksync_emulator' },
    });
    expect(raw.status).toBe(404);
    const body = (await raw.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nope\)/);
  });

  it('injects 429 with the rate_limit error shape and 500 api_error', async () => {
    ctx.emulator.core.setFaults({ rateLimitRate: 1 });
    const limited = await catchError(stripe.customers.list());
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: 'rate_limit' });
    const raw = await fetch(`${ctx.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_stocksync_emulator' },
    });
    expect(await raw.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'rate_limit' },
    });
    ctx.emulator.core.setFaults({ rateLimitRate: 0, serverErrorRate: 1 });
    const failed = await catchError(stripe.customers.list());
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed.statusCode).toBe(500);
    ctx.emulator.core.setFaults({ serverErrorRate: 0 });
    expect((await stripe.customers.list()).object).toBe('list');
    const recorded = ctx.emulator.core.recorder.list({ pathIncludes: '/v1/customers' });
    expect(recorded.map((r) => r.status)).toEqual([429, 429, 500, 200]);
    expect(recorded.every((r) => typeof r.at === 'number' && r.at > 0)).toBe(true);
  });

  it('lets stripe-node retry 5xx faults with its idempotency key (429 is not retried by the client)', async () => {
    ctx.emulator.core.setFaults({ serverErrorRate: 0.5 });
    const retrying = new Stripe('sk_test_stocksync_emulator', {
      host: '127.0.0.1',
      port: ctx.port,
      protocol: 'http',
      telemetry: false,
      maxNetworkRetries: 10,
    });
    for (let i = 0; i < 3; i++) await retrying.customers.create({ email: `retry${i}@example.com` });
    ctx.emulator.core.setFaults({ serverErrorRate: 0 });
    const statuses = ctx.emulator.core.recorder
      .list({ pathIncludes: '/v1/customers' })
      .map((r) => r.status);
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect((await stripe.customers.list({ limit: 100 })).data).toHaveLength(3);
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and params and rejects other params', async () => {
    const first = await stripe.customers.create(
      { email: 'idem@example.com' },
      { idempotencyKey: 'key-1' },
    );
    const second = await stripe.customers.create(
      { email: 'idem@example.com' },
      { idempotencyKey: 'key-1' },
    );
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list()).data).toHaveLength(1);
    const conflict = await catchError(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    );
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    const third = await stripe.customers.create(
      { email: 'idem@example.com' },
      { idempotencyKey: 'key-2' },
    );
    expect(third.id).not.toBe(first.id);
  });
});

describe('webhook endpoints API', () => {
  it('creates an endpoint with a whsec_ secret shown only on create, lists and deletes it', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/hook',
      enabled_events: ['invoice.paid'],
    });
    expect(endpoint.id).toMatch(/^we_/);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((e) => e.id)).toEqual([endpoint.id]);
    expect(listed.data[0]?.secret).toBeUndefined();
    const deleted = await stripe.webhookEndpoints.del(endpoint.id);
    expect(deleted.deleted).toBe(true);
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(0);
  });
});
