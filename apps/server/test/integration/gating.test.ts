import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@stocksync/contract';
import { signIn, type SignedInUser } from '../support/app';
import {
  call,
  cancelNow,
  startBillingWorld,
  subscribe,
  subscriptionOf,
  type BillingWorld,
} from '../support/billing';
import { connectOAuth, connectShopify, DEMO_SHOP } from '../support/channels';
import { newProduct } from './catalog-fixtures';

let w: BillingWorld;
beforeAll(async () => {
  w = await startBillingWorld({ channels: true });
});
afterAll(async () => {
  await w?.close();
});

const refused = { error: billingMessages.subscriptionRequired, code: 'subscription_required' };

async function isSynced(id: string): Promise<boolean> {
  const row = await w.t.db.db
    .selectFrom('products')
    .select('is_synced')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.is_synced;
}

/** The four gated calls for one organisation: import, sync on, SKU generation, connect. */
function gatedCalls(user: SignedInUser, pcId: string, productId: string) {
  return {
    importProducts: () =>
      call(w, user, 'POST', '/v1/import/shopify', { pc_id: pcId, product_ids: ['1'] }),
    syncOn: () => call(w, user, 'POST', '/v1/products/sync', { ids: [productId], is_synced: true }),
    flip: () => call(w, user, 'POST', '/v1/products/sync', { ids: [productId] }),
    syncOff: () =>
      call(w, user, 'POST', '/v1/products/sync', { ids: [productId], is_synced: false }),
    generate: () =>
      call(w, user, 'POST', '/v1/users/sku-settings/generate', {
        ids: [productId],
        all_selected: false,
      }),
  };
}

describe('the gate', () => {
  it('lets an active organisation import, turn sync on and generate SKUs, and refuses all three with 402 once it is gated; reads and sync off still work', async () => {
    const user = await signIn(w.t);
    await subscribe(w, user, 'pro');
    const pcId = await connectShopify(w.t, user);
    const product = await newProduct(w.t.db.db, user.firstOrgId, { variants: [{ sku: '' }] });
    const api = gatedCalls(user, pcId, product.id);

    expect((await api.importProducts()).statusCode).toBe(202);
    expect((await api.syncOn()).statusCode).toBe(200);
    expect(await isSynced(product.id)).toBe(true);
    expect((await api.syncOff()).statusCode).toBe(200);
    expect((await api.generate()).statusCode).toBe(200);

    await cancelNow(w, user);
    expect(await subscriptionOf(w, user)).toMatchObject({ status: 'canceled', is_gated: true });
    const imports = async () =>
      (
        await w.t.db.db
          .selectFrom('imports')
          .select('id')
          .where('organization_id', '=', user.firstOrgId)
          .execute()
      ).length;
    const importsBefore = await imports();

    for (const [name, run] of [
      ['import', api.importProducts],
      ['sync on', api.syncOn],
      ['flip on', api.flip],
      ['generate', api.generate],
    ] as const) {
      const answer = await run();
      expect(answer.statusCode, name).toBe(402);
      expect(answer.json(), name).toEqual(refused);
    }
    expect(await isSynced(product.id)).toBe(false);
    expect(await imports()).toBe(importsBefore);

    // Reads work, and so does turning sync off (a flip of a synced product turns it off).
    for (const path of [
      '/v1/products',
      `/v1/products/${product.id}`,
      '/v1/platforms',
      '/v1/activity_logs',
      '/v1/users/sku-settings',
      '/v1/subscriptions/plans',
    ]) {
      expect((await call(w, user, 'GET', path)).statusCode, path).toBe(200);
    }
    await w.t.db.db
      .updateTable('products')
      .set({ is_synced: true })
      .where('id', '=', product.id)
      .execute();
    expect((await api.flip()).statusCode).toBe(200);
    expect(await isSynced(product.id)).toBe(false);
    expect((await api.syncOff()).statusCode).toBe(200);
  });

  it('lets a trialing organisation do everything, without plan limits', async () => {
    const user = await signIn(w.t);
    await connectOAuth(w.t, user, 'ebay');
    await connectOAuth(w.t, user, 'tiktok');
    const pcId = await connectShopify(w.t, user);
    const product = await newProduct(w.t.db.db, user.firstOrgId);
    const api = gatedCalls(user, pcId, product.id);
    expect((await api.importProducts()).statusCode).toBe(202);
    expect((await api.syncOn()).statusCode).toBe(200);
    expect((await api.generate()).statusCode).toBe(200);
    expect((await subscriptionOf(w, user)).usage).toEqual({
      connected_accounts: 3,
      synced_products: 1,
      members: 1,
    });
  });
});

describe('plan limits', () => {
  it('refuses a new connected account beyond the plan (402 plan_limit), but not the same shop again', async () => {
    const user = await signIn(w.t);
    await subscribe(w, user, 'starter');
    await connectShopify(w.t, user);
    const ebay = await connectOAuth(w.t, user, 'ebay');

    const tiktok = await call(w, user, 'GET', '/v1/platforms/tiktok/oauth/get-url');
    expect(tiktok.statusCode).toBe(402);
    expect(tiktok.json()).toEqual({
      code: 'plan_limit',
      error:
        'Your Starter plan allows 2 connected accounts. Disconnect one or choose a larger plan in Billing.',
    });
    const newShop = await call(w, user, 'POST', '/v1/platforms/shopify', {
      shop: 'another-store.myshopify.com',
    });
    expect(newShop.statusCode).toBe(402);
    const sameShop = await call(w, user, 'POST', '/v1/platforms/shopify', { shop: DEMO_SHOP });
    expect(sameShop.statusCode).toBe(200);

    expect((await call(w, user, 'DELETE', `/v1/platforms/${ebay}`)).statusCode).toBe(204);
    expect((await call(w, user, 'GET', '/v1/platforms/tiktok/oauth/get-url')).statusCode).toBe(200);
  });

  it('refuses turning sync on beyond the plan’s synced products (402 plan_limit naming the limit)', async () => {
    const user = await signIn(w.t);
    await subscribe(w, user, 'starter');
    // 499 synced products in one statement (the stats triggers count them).
    await sql`
      INSERT INTO products (organization_id, title, is_synced)
      SELECT ${user.firstOrgId}::uuid, 'Synced ' || n, true FROM generate_series(1, 499) n
    `.execute(w.t.db.db);
    const a = await newProduct(w.t.db.db, user.firstOrgId, { title: 'A' });
    const b = await newProduct(w.t.db.db, user.firstOrgId, { title: 'B' });
    expect((await subscriptionOf(w, user)).usage.synced_products).toBe(499);

    const both = await call(w, user, 'POST', '/v1/products/sync', {
      ids: [a.id, b.id],
      is_synced: true,
    });
    expect(both.statusCode).toBe(402);
    expect(both.json()).toEqual({
      code: 'plan_limit',
      error:
        'Your Starter plan allows 500 synced products (499 synced now, 2 more asked). Choose a larger plan in Billing.',
    });
    expect(await isSynced(a.id)).toBe(false);

    const one = await call(w, user, 'POST', '/v1/products/sync', { ids: [a.id], is_synced: true });
    expect(one.statusCode).toBe(200);
    // Already synced products do not count again.
    const again = await call(w, user, 'POST', '/v1/products/sync', {
      ids: [a.id],
      is_synced: true,
    });
    expect(again.statusCode).toBe(200);
    const over = await call(w, user, 'POST', '/v1/products/sync', { ids: [b.id] });
    expect(over.statusCode).toBe(402);
    expect(over.json().code).toBe('plan_limit');
  });
});

describe('the trial ending', () => {
  // Moves the app's clock 15 days: kept last in this file.
  it('gates an organisation whose 14-day trial ended (by the clock), and says so', async () => {
    const user = await signIn(w.t);
    const product = await newProduct(w.t.db.db, user.firstOrgId);
    w.t.clock.advance(15 * 86_400_000);
    const again = await signIn(w.t, user.email);
    expect(await subscriptionOf(w, again)).toMatchObject({ status: 'trialing', is_gated: true });
    const gate = await call(w, again, 'GET', '/v1/subscriptions/gated');
    expect(gate.json()).toEqual({ is_gated: true });
    const answer = await call(w, again, 'POST', '/v1/products/sync', {
      ids: [product.id],
      is_synced: true,
    });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual(refused);
  });
});
