import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type Subscription } from '@stocksync/contract';
import { signIn, type SignedInUser } from '../support/app';
import {
  call,
  startBillingWorld,
  storedSubscription,
  subscriptionOf,
  type BillingWorld,
} from '../support/billing';
import { approve, connectShopify, DEMO_SHOP } from '../support/channels';
import { newProduct } from './catalog-fixtures';

let w: BillingWorld;
beforeAll(async () => {
  w = await startBillingWorld({ channels: true });
});
afterAll(async () => {
  await w?.close();
});

const SECOND_SHOP = 'second-store.myshopify.com';
const FROZEN_SHOP = 'frozen-store.myshopify.com';

/** Asks for a Shopify subscription; answers the merchant's confirmation URL. */
async function reconnect(user: SignedInUser, plan: string): Promise<string> {
  const answer = await call(w, user, 'POST', '/v1/subscriptions/shopify/reconnect', { plan });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ url: string }>().url;
}

async function sync(user: SignedInUser, shopifySub?: string): Promise<Subscription> {
  const answer = await call(w, user, 'POST', '/v1/subscriptions/shopify/sync', {
    ...(shopifySub ? { shopify_sub: shopifySub } : {}),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ subscription: Subscription }>().subscription;
}

/** Delivers the Shopify emulator's webhooks and runs the jobs they queued. */
async function deliverShopifyWebhooks() {
  await w.channels!.shopify.settle();
  await w.runJobs();
}

describe('Shopify billing', () => {
  it('needs an active Shopify connection (409 with a clear message) and lists the shop sessions', async () => {
    const user = await signIn(w.t);
    const none = await call(w, user, 'POST', '/v1/subscriptions/shopify/reconnect', {
      plan: 'growth',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: billingMessages.noShopifyConnection });
    const bad = await call(w, user, 'POST', '/v1/subscriptions/shopify/reconnect', {
      plan: 'gold',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'plan' });
    expect((await call(w, user, 'GET', '/v1/subscriptions/shopify/sessions')).json()).toEqual({
      sessions: [],
    });

    const pcId = await connectShopify(w.t, user);
    const sessions = await call(w, user, 'GET', '/v1/subscriptions/shopify/sessions');
    expect(sessions.json()).toEqual({
      sessions: [{ pc_id: pcId, shop: DEMO_SHOP, alias: expect.any(String), status: 'active' }],
    });
  });

  it('subscribes through the confirmation page; the return carries shopify_sub and sync makes it active', async () => {
    const user = await signIn(w.t);
    const pcId = await connectShopify(w.t, user);
    const url = await reconnect(user, 'growth');
    expect(url).toContain(`/shops/${DEMO_SHOP}/admin/charges/`);
    expect(await subscriptionOf(w, user)).toMatchObject({ provider: null, status: 'trialing' });

    const back = await approve('shopify', url);
    expect(back.provider).toBe('SHOPIFY');
    expect(back.shopify_sub).toBeTruthy();
    expect(back.charge_id).toBeTruthy();

    const sub = await sync(user, back.shopify_sub);
    expect(sub).toMatchObject({
      provider: 'SHOPIFY',
      status: 'active',
      plan: { code: 'growth', name: 'Growth' },
      is_gated: false,
      cancel_at_period_end: false,
    });
    expect(sub.current_period_end).not.toBeNull();
    const stored = await storedSubscription(w, user.firstOrgId);
    expect(stored).toMatchObject({
      connection_id: pcId,
      shopify_charge_id: `gid://shopify/AppSubscription/${back.charge_id}`,
      shopify_pending_charge_id: null,
    });
    // The charge Shopify holds is the plan's price in the organisation's currency.
    const state = w.channels!.shopify.runtime.shops.get(DEMO_SHOP)!;
    const charge = state.appSubscriptions.get(Number(back.charge_id))!;
    expect(charge).toMatchObject({ status: 'ACTIVE', name: 'StockSync Growth', test: true });
    expect(charge.lineItems[0]).toMatchObject({ amount: '49.00', currencyCode: 'USD' });

    // Uninstalling the app cancels the subscription (app/uninstalled webhook); it ended then, not
    // at the end of the period Shopify had billed (issue 20 item 6).
    w.channels!.shopify.uninstall(DEMO_SHOP);
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject({
      provider: 'SHOPIFY',
      status: 'canceled',
      is_gated: true,
      current_period_end: w.t.clock.now().toISOString(),
    });
  });

  it('a declined charge changes nothing; an approved one arrives by app_subscriptions/update without sync', async () => {
    w.channels!.shopify.createShop(SECOND_SHOP);
    const user = await signIn(w.t);
    await connectShopify(w.t, user, SECOND_SHOP);

    const declined = await approve('shopify', await reconnect(user, 'starter'), true);
    const afterDecline = await sync(user, declined.shopify_sub);
    expect(afterDecline).toMatchObject({ provider: null, status: 'trialing', is_gated: false });
    expect((await storedSubscription(w, user.firstOrgId)).shopify_pending_charge_id).toBeNull();

    await approve('shopify', await reconnect(user, 'pro'));
    expect((await subscriptionOf(w, user)).status).toBe('trialing');
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject({
      provider: 'SHOPIFY',
      status: 'active',
      plan: { code: 'pro', name: 'Pro' },
    });
  });

  it('a frozen charge (unpaid bill) is past_due and gated; paid again it is active, by webhook or by sync', async () => {
    const shopify = w.channels!.shopify;
    shopify.createShop(FROZEN_SHOP);
    const user = await signIn(w.t);
    await connectShopify(w.t, user, FROZEN_SHOP);
    const back = await approve('shopify', await reconnect(user, 'starter'));
    expect(await sync(user, back.shopify_sub)).toMatchObject({ status: 'active', is_gated: false });
    await deliverShopifyWebhooks();
    const product = await newProduct(w.t.db.db, user.firstOrgId, { variants: [{ sku: '' }] });
    const generate = () =>
      call(w, user, 'POST', '/v1/users/sku-settings/generate', {
        ids: [product.id],
        all_selected: false,
      });
    expect((await generate()).statusCode).toBe(200);
    const pastDue = {
      provider: 'SHOPIFY',
      status: 'past_due',
      plan: { code: 'starter' },
      is_gated: true,
    };
    const active = { provider: 'SHOPIFY', status: 'active', is_gated: false };

    // The merchant's bill is not paid: Shopify freezes the charge and says so by webhook.
    expect(shopify.setBillingFrozen(FROZEN_SHOP, true).map((c) => c.status)).toEqual(['FROZEN']);
    expect((await subscriptionOf(w, user)).status).toBe('active');
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject(pastDue);
    const refused = await generate();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: billingMessages.subscriptionRequired,
      code: 'subscription_required',
    });

    // Paid: sync reads ACTIVE before the webhook is handled; the webhook agrees.
    shopify.setBillingFrozen(FROZEN_SHOP, false);
    expect(await sync(user)).toMatchObject(active);
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject(active);
    expect((await generate()).statusCode).toBe(200);

    // Frozen again, read by sync (the return to billing); paid again, learnt by webhook.
    shopify.setBillingFrozen(FROZEN_SHOP, true);
    expect(await sync(user)).toMatchObject(pastDue);
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject(pastDue);
    shopify.setBillingFrozen(FROZEN_SHOP, false);
    await deliverShopifyWebhooks();
    expect(await subscriptionOf(w, user)).toMatchObject(active);
    expect(await storedSubscription(w, user.firstOrgId)).toMatchObject({
      shopify_charge_id: `gid://shopify/AppSubscription/${back.charge_id}`,
    });
  });
});
