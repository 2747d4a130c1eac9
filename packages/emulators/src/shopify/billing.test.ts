import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startReceiver, startShopify, type Started } from './test-support';

let s: Started;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  s = await startShopify({ products: 1, rateLimiting: false });
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
});
