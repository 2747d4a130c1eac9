import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sandboxChangeResponseSchema,
  sandboxListingsResponseSchema,
  sandboxMessages,
} from '@stocksync/contract';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { DEMO_SHOP } from '../support/channels';
import { masterQty, settle, startSyncedOrg, type SyncedOrg } from '../support/synced-org';
import { newConnection, orgCall } from './catalog-fixtures';

// Issue 20 item 19: in sandbox mode an emulator account can sell and change stock from the app,
// and the change reaches stocksync through the channel's own webhook or poll.
let org: SyncedOrg;
beforeAll(async () => {
  org = await startSyncedOrg();
  await settle(org); // the pushes of turning sync on are done before anything sells
}, 120_000);
afterAll(async () => {
  await org?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  orgCall(org.t, org.user, method, url, payload);

describe('sandbox controls of a connected emulator account', () => {
  it('says which platforms run on emulators, and names the sandbox Shopify store', async () => {
    const answer = await org.t.app.inject({
      method: 'GET',
      url: '/v1/sandbox',
      headers: org.user.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      platforms: ['shopify', 'ebay', 'tiktok'],
      shopify_shop: DEMO_SHOP,
    });
    expect((await org.t.app.inject({ method: 'GET', url: '/v1/sandbox' })).statusCode).toBe(401);
  });

  it('lists the variants the account lists, with their SKUs', async () => {
    const answer = await call('GET', `/v1/connections/${org.pc.shopify}/sandbox/listings`);
    expect(answer.statusCode).toBe(200);
    const { listings } = sandboxListingsResponseSchema.parse(answer.json());
    expect(listings.length).toBeGreaterThan(0);
    const linked = org.linked[0]!;
    expect(listings).toContainEqual(
      expect.objectContaining({ variant_id: linked.variantId, sku: linked.sku, is_synced: true }),
    );
  });

  it('a simulated Shopify sale arrives by webhook: the master drops and the other channels follow', async () => {
    const { variantId, sku } = org.linked[0]!;
    const before = await masterQty(org, variantId);
    const answer = await call('POST', `/v1/connections/${org.pc.shopify}/sandbox/sale`, {
      variant_id: variantId,
      quantity: 2,
    });
    expect(answer.statusCode).toBe(202);
    expect(sandboxChangeResponseSchema.parse(answer.json())).toMatchObject({
      variant_id: variantId,
      sku,
      arrives_by: 'webhook',
      order_id: expect.any(String),
    });
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(before - 2);
    expect(org.ch.tiktok.store.total(org.ch.tiktok.store.resolve({ sellerSku: sku }).sku)).toBe(
      before - 2,
    );
  });

  it('a stock change on TikTok Shop arrives by webhook and becomes the master', async () => {
    const { variantId } = org.linked[1]!;
    const answer = await call('POST', `/v1/connections/${org.pc.tiktok}/sandbox/stock`, {
      variant_id: variantId,
      available: 37,
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ arrives_by: 'webhook' });
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(37);
  });

  it('an eBay stock change is found by the next stock check (eBay sends no notification)', async () => {
    const { variantId, sku } = org.linked[2]!;
    const answer = await call('POST', `/v1/connections/${org.pc.ebay}/sandbox/stock`, {
      variant_id: variantId,
      available: 21,
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ arrives_by: 'poll' });
    expect(org.ch.ebay.quantities()[sku]).toBe(21);
    const check = await call('POST', '/v1/sync/reconcile', { pc_id: org.pc.ebay });
    expect(check.statusCode).toBe(202);
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(21);
  });

  it('an eBay sale arrives by its order notification', async () => {
    const { variantId } = org.linked[3]!;
    const before = await masterQty(org, variantId);
    const answer = await call('POST', `/v1/connections/${org.pc.ebay}/sandbox/sale`, {
      variant_id: variantId,
    });
    expect(answer.statusCode).toBe(202);
    await settle(org);
    expect(await masterQty(org, variantId)).toBe(before - 1);
  });

  it.each([
    [{ variant_id: 'nope', quantity: 1 }, 'variant_id'],
    [{ variant_id: '00000000-0000-4000-8000-000000000000', quantity: 0 }, 'quantity'],
    [{ variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1.5 }, 'quantity'],
    [{ quantity: 1 }, 'variant_id'],
  ])('refuses the sale %j with a 400 naming %s', async (payload, field) => {
    const answer = await call('POST', `/v1/connections/${org.pc.shopify}/sandbox/sale`, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().field).toBe(field);
  });

  it('refuses a negative stock, and a variant the account does not list (404 naming it)', async () => {
    const negative = await call('POST', `/v1/connections/${org.pc.shopify}/sandbox/stock`, {
      variant_id: org.linked[0]!.variantId,
      available: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().field).toBe('available');
    const unlisted = await call('POST', `/v1/connections/${org.pc.shopify}/sandbox/stock`, {
      variant_id: '00000000-0000-4000-8000-000000000000',
      available: 3,
    });
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json()).toMatchObject({
      error: sandboxMessages.notListed,
      field: 'variant_id',
    });
  });

  it("answers 404 for another organisation's account and for a real (non-sandbox) connection", async () => {
    const stranger = await signIn(org.t);
    const foreign = await orgCall(
      org.t,
      stranger,
      'POST',
      `/v1/connections/${org.pc.shopify}/sandbox/sale`,
      { variant_id: org.linked[0]!.variantId },
    );
    expect(foreign.statusCode).toBe(404);
    const real = await newConnection(org.t.db.db, org.user.firstOrgId, 'shopify', 'real-shop');
    const answer = await call('GET', `/v1/connections/${real}/sandbox/listings`);
    expect(answer.statusCode).toBe(404);
  });
});

describe('outside sandbox mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the sandbox routes answer 404', async () => {
    const user = await signIn(t);
    const mode = await t.app.inject({ method: 'GET', url: '/v1/sandbox', headers: user.headers });
    expect(mode.json()).toEqual({ platforms: [], shopify_shop: null });
    const pc = await newConnection(t.db.db, user.firstOrgId, 'shopify', 'shop');
    await t.db.db
      .updateTable('platform_connections')
      .set({ sandbox: true })
      .where('id', '=', pc)
      .execute();
    for (const [method, path, payload] of [
      ['GET', 'listings', undefined],
      ['POST', 'sale', { variant_id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', 'stock', { variant_id: '00000000-0000-4000-8000-000000000000', available: 1 }],
    ] as const) {
      const answer = await orgCall(
        t,
        user,
        method,
        `/v1/connections/${pc}/sandbox/${path}`,
        payload,
      );
      expect(answer.statusCode).toBe(404);
    }
  });
});
