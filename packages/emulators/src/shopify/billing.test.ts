import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startReceiver, startShopify, type Started } from './test-support';

let s: Started;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** The emulator's clock: billing periods are measured on it. */
let clock = Date.parse('2026-03-01T00:00:00Z');
beforeAll(async () => {
  receiver = await startReceiver();
  s = await startShopify({ products: 1, rateLimiting: false, now: () => clock });
  await s.gql(
    `mutation { webhookSubscriptionCreate(topic: APP_SUBSCRIPTIONS_UPDATE, webhookSubscription: { uri: "${receiver.url}/subs" }) { userErrors { message } } }`,
  );
});
afterAll(async () => {
  await s.emulator.close();
  await receiver.close();
});

const CREATE = `mutation Create($name: String!, $returnUrl: URL!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: true, trialDays: 7, replacementBehavior: STANDARD,
    lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 29.0, currencyCode: USD }, interval: EVERY_30_DAYS } } }]) {
    appSubscription { id name status test trialDays currentPeriodEnd lineItems { plan { pricingDetails { __typename ... on AppRecurringPricing { price { amount currencyCode } interval } } } } }
    confirmationUrl
    userErrors { field message }
  }
}`;

const ACTIVE = `{ currentAppInstallation { activeSubscriptions { id name status test currentPeriodEnd } } }`;

async function confirm(url: string, decision: 'approve' | 'decline') {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="approve"');
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('app billing', () => {
  it('creates a pending subscription, approves it on the confirmation page and activates it', async () => {
    const { body } = await s.gql(CREATE, {
      name: 'Pro',
      returnUrl: 'https://app.example.com/billing/return',
    });
    const payload = body.data.appSubscriptionCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.appSubscription).toMatchObject({
      name: 'Pro',
      status: 'PENDING',
      test: true,
      trialDays: 7,
      currentPeriodEnd: null,
      lineItems: [
        {
          plan: {
            pricingDetails: {
              __typename: 'AppRecurringPricing',
              price: { amount: '29.0', currencyCode: 'USD' },
              interval: 'EVERY_30_DAYS',
            },
          },
        },
      ],
    });
    expect(payload.confirmationUrl).toContain(`/shops/${SHOP}/admin/charges/`);
    expect((await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions).toEqual([]);

    const back = await confirm(payload.confirmationUrl, 'approve');
    const id = payload.appSubscription.id as string;
    expect(back.origin + back.pathname).toBe('https://app.example.com/billing/return');
    expect(back.searchParams.get('charge_id')).toBe(id.split('/').pop());

    const active = (await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions;
    expect(active).toEqual([
      { id, name: 'Pro', status: 'ACTIVE', test: true, currentPeriodEnd: expect.any(String) },
    ]);
    await s.emulator.settle();
    const update = receiver.received.find(
      (r) => r.headers['x-shopify-topic'] === 'app_subscriptions/update',
    )!;
    expect(JSON.parse(update.body).app_subscription).toMatchObject({
      admin_graphql_api_id: id,
      status: 'ACTIVE',
    });

    // A confirmed charge cannot be confirmed again, and the URL needs its signature.
    const again = await fetch(payload.confirmationUrl);
    expect(await again.text()).toContain('no longer pending');
    const repost = await fetch(payload.confirmationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(repost.status).toBe(422);
    const forged = await fetch(payload.confirmationUrl.replace(/signature=\w+/, 'signature=bad'));
    expect(forged.status).toBe(404);
  });

  it('declines, replaces and cancels subscriptions', async () => {
    const declined = (
      await s.gql(CREATE, { name: 'Declined', returnUrl: 'https://app.example.com/r' })
    ).body.data.appSubscriptionCreate;
    await confirm(declined.confirmationUrl, 'decline');
    const node = await s.gql(
      `query($id: ID!) { node(id: $id) { ... on AppSubscription { status } } }`,
      { id: declined.appSubscription.id },
    );
    expect(node.body.data.node.status).toBe('DECLINED');

    const plus = (await s.gql(CREATE, { name: 'Plus', returnUrl: 'https://app.example.com/r' }))
      .body.data.appSubscriptionCreate;
    await confirm(plus.confirmationUrl, 'approve');
    const active = (await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions;
    expect(active.map((a: { name: string }) => a.name)).toEqual(['Plus']);

    const cancel = await s.gql(
      `mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { status } userErrors { message } } }`,
      {
        id: plus.appSubscription.id,
      },
    );
    expect(cancel.body.data.appSubscriptionCancel).toEqual({
      appSubscription: { status: 'CANCELLED' },
      userErrors: [],
    });
    expect((await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions).toEqual([]);
  });

  it('freezes an active subscription when the bill is unpaid and reactivates it when paid', async () => {
    const created = (
      await s.gql(CREATE, { name: 'Frozen', returnUrl: 'https://app.example.com/r' })
    ).body.data.appSubscriptionCreate;
    await confirm(created.confirmationUrl, 'approve');
    const id = created.appSubscription.id as string;
    const status = async () =>
      (
        await s.gql(
          `query($id: ID!) { node(id: $id) { ... on AppSubscription { status currentPeriodEnd } } }`,
          { id },
        )
      ).body.data.node as { status: string; currentPeriodEnd: string };
    const periodEnd = (await status()).currentPeriodEnd;
    await s.emulator.settle();
    const before = receiver.received.length;
    const control = (body: Record<string, unknown>) =>
      fetch(`${s.base}/_emulator/billing/freeze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop: SHOP, ...body }),
      });

    // Unpaid: FROZEN, no longer among the active subscriptions, and the app is told.
    const frozen = await control({});
    expect(frozen.status).toBe(200);
    expect(await frozen.json()).toEqual({ subscriptions: [{ id, status: 'FROZEN' }] });
    expect(await status()).toEqual({ status: 'FROZEN', currentPeriodEnd: periodEnd });
    expect((await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions).toEqual([]);
    await s.emulator.settle();
    const updates = () =>
      receiver.received
        .slice(before)
        .filter((r) => r.headers['x-shopify-topic'] === 'app_subscriptions/update')
        .map((r) => JSON.parse(r.body).app_subscription as Record<string, unknown>);
    expect(updates()).toEqual([
      {
        admin_graphql_api_id: id,
        name: 'Frozen',
        status: 'FROZEN',
        admin_graphql_api_shop_id: expect.stringMatching(/^gid:\/\/shopify\/Shop\/\d+$/),
        created_at: expect.any(String),
        updated_at: '2026-03-01T00:00:00Z',
        currency: 'USD',
        capped_amount: null,
        price: '29.0',
        interval: 'every_30_days',
        plan_handle: null,
      },
    ]);
    // Nothing active is left to freeze.
    expect((await control({ frozen: true })).status).toBe(409);

    // Paid after the period ended: ACTIVE again, with a period that has not ended yet.
    clock += 40 * 86_400_000;
    const paid = s.emulator.setBillingFrozen(SHOP, false, id);
    expect(paid.map((sub) => sub.status)).toEqual(['ACTIVE']);
    const after = await status();
    expect(after.status).toBe('ACTIVE');
    expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(clock);
    expect(Date.parse(after.currentPeriodEnd)).toBe(Date.parse(periodEnd) + 30 * 86_400_000);
    const active = (await s.gql(ACTIVE)).body.data.currentAppInstallation.activeSubscriptions;
    expect(active.map((a: { id: string }) => a.id)).toEqual([id]);
    await s.emulator.settle();
    expect(updates().map((u) => u.status)).toEqual(['FROZEN', 'ACTIVE']);
    expect((await control({ frozen: false })).status).toBe(409);
  });
});
