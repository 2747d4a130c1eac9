import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEbayEmulator, EBAY_SCOPES, type EbayEmulator } from './index';
import type { BulkPriceQuantityResponse, InventoryItems, Offers } from './types';

let ebay: EbayEmulator;
let base: string;
let auth: string;

beforeAll(async () => {
  ebay = createEbayEmulator({ catalogue: { products: 30, seed: 7, skuPrefix: 'SS', offset: 10 } });
  base = await ebay.listen();
  const { code } = ebay.authorize({ scopes: [...EBAY_SCOPES] });
  const res = await fetch(`${base}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ebay.settings.clientId}:${ebay.settings.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ebay.settings.ruName,
    }).toString(),
  });
  auth = `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
});
afterAll(() => ebay.close());

const api = (
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${base}/sell/inventory/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: auth,
      ...(init.body !== undefined
        ? { 'content-type': 'application/json', 'content-language': 'en-US' }
        : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });

const errorId = async (res: Response) =>
  ((await res.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId;

describe('eBay inventory items', () => {
  it('PUT creates/replaces (204), GET reads it back, DELETE removes it (then 404 errorId 25702)', async () => {
    const item = {
      condition: 'NEW',
      product: {
        title: 'Test Tee',
        aspects: { Color: ['Red'], Size: ['M'] },
        imageUrls: ['https://x/y.jpg'],
      },
      availability: { shipToLocationAvailability: { quantity: 12 } },
    };
    const put = await api('/inventory_item/TEE-RED-M', { method: 'PUT', body: item });
    expect(put.status).toBe(204);
    const got = await api('/inventory_item/TEE-RED-M');
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({
      sku: 'TEE-RED-M',
      locale: 'en_US',
      product: { title: 'Test Tee', aspects: { Color: ['Red'] } },
      availability: { shipToLocationAvailability: { quantity: 12 } },
    });
    const replace = await api('/inventory_item/TEE-RED-M', {
      method: 'PUT',
      body: { ...item, availability: { shipToLocationAvailability: { quantity: 3 } } },
    });
    expect(replace.status).toBe(204);
    expect(ebay.quantities()['TEE-RED-M']).toBe(3);

    const noLanguage = await api('/inventory_item/TEE-RED-M', {
      method: 'PUT',
      body: item,
      headers: { 'content-language': '' },
    });
    expect(noLanguage.status).toBe(400);
    const negative = await api('/inventory_item/TEE-RED-M', {
      method: 'PUT',
      body: { availability: { shipToLocationAvailability: { quantity: -1 } } },
    });
    expect(negative.status).toBe(400);
    expect(await errorId(negative)).toBe(25709);

    expect((await api('/inventory_item/TEE-RED-M', { method: 'DELETE' })).status).toBe(204);
    const gone = await api('/inventory_item/TEE-RED-M');
    expect(gone.status).toBe(404);
    expect(await errorId(gone)).toBe(25702);
  });

  it('lists with limit/offset, total, href/next/prev, and paging covers every SKU once', async () => {
    const total = ebay.store.items.size;
    expect(total).toBeGreaterThan(30);
    const first = (await (await api('/inventory_item?limit=10&offset=0')).json()) as InventoryItems;
    expect(first).toMatchObject({ limit: 10, size: 10, total });
    expect(first.href).toBe(`${base}/sell/inventory/v1/inventory_item?offset=0&limit=10`);
    expect(first.next).toBe(`${base}/sell/inventory/v1/inventory_item?offset=10&limit=10`);
    expect(first.prev).toBeUndefined();

    const seen: string[] = [];
    let url: string | undefined = `${base}/sell/inventory/v1/inventory_item?limit=7`;
    while (url) {
      const page = (await (
        await fetch(url, { headers: { authorization: auth } })
      ).json()) as InventoryItems;
      seen.push(...(page.inventoryItems ?? []).map((i) => i.sku ?? ''));
      url = page.next;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);

    expect((await api('/inventory_item?limit=201')).status).toBe(400);
    expect((await api('/inventory_item?offset=-1')).status).toBe(400);
  });

  it('seeded catalogue is deterministic, shares SS SKUs and puts variants in item groups', () => {
    const again = createEbayEmulator({
      catalogue: { products: 30, seed: 7, skuPrefix: 'SS', offset: 10 },
    });
    expect(again.quantities()).toEqual(
      Object.fromEntries(
        Object.entries(ebay.quantities()).filter(([sku]) => sku.startsWith('SS-')),
      ),
    );
    expect(Object.keys(again.quantities()).every((sku) => /^SS-000(1|2|3)\d-\d$/.test(sku))).toBe(
      true,
    );
    const grouped = [...again.store.items.values()].filter((i) => i.groupKeys.size > 0);
    expect(grouped.length).toBeGreaterThan(0);
    void again.close();
  });

  it('bulk_get_inventory_item answers per SKU (207 when some are missing)', async () => {
    const [a, b] = ebay.store.skus();
    const res = await api('/bulk_get_inventory_item', {
      method: 'POST',
      body: { requests: [{ sku: a }, { sku: b }, { sku: 'NOPE' }] },
    });
    expect(res.status).toBe(207);
    const body = (await res.json()) as {
      responses: Array<{ statusCode: number; sku: string; inventoryItem?: { sku: string } }>;
    };
    expect(body.responses.map((r) => r.statusCode)).toEqual([200, 200, 404]);
    expect(body.responses[0]?.inventoryItem?.sku).toBe(a);
    const tooMany = await api('/bulk_get_inventory_item', {
      method: 'POST',
      body: { requests: Array.from({ length: 26 }, (_, i) => ({ sku: `S${i}` })) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('bulk_update_price_quantity: 25 entries succeed with per-entry statuses, 26 → 400 errorId 25709', async () => {
    const skus = ebay.store
      .skus()
      .filter((s) => s.startsWith('SS-'))
      .slice(0, 25);
    const requests = skus.map((sku, i) => {
      const offer = ebay.store.offersOf(sku)[0];
      return {
        sku,
        shipToLocationAvailability: { quantity: 100 + i },
        offers:
          i === 0 && offer
            ? [
                {
                  offerId: offer.offerId,
                  availableQuantity: 5,
                  price: { value: '9.99', currency: 'USD' },
                },
              ]
            : [],
      };
    });
    const ok = await api('/bulk_update_price_quantity', { method: 'POST', body: { requests } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as BulkPriceQuantityResponse;
    expect(body.responses).toHaveLength(26);
    expect(body.responses?.every((r) => r.statusCode === 200)).toBe(true);
    expect(body.responses?.[1]).toMatchObject({
      statusCode: 200,
      sku: skus[0],
      offerId: requests[0]?.offers[0]?.offerId,
    });
    expect(ebay.quantities()[skus[3] ?? '']).toBe(103);
    expect(ebay.store.offers.get(requests[0]?.offers[0]?.offerId ?? '')).toMatchObject({
      availableQuantity: 5,
      pricingSummary: { price: { value: '9.99' } },
    });

    const over = await api('/bulk_update_price_quantity', {
      method: 'POST',
      body: {
        requests: [...requests, { sku: 'EXTRA', shipToLocationAvailability: { quantity: 1 } }],
      },
    });
    expect(over.status).toBe(400);
    const overBody = (await over.json()) as {
      errors: Array<{ errorId: number; domain: string; category: string; message: string }>;
    };
    expect(overBody.errors[0]).toMatchObject({
      errorId: 25709,
      domain: 'API_INVENTORY',
      category: 'REQUEST',
    });
    expect(ebay.quantities()['EXTRA']).toBeUndefined();

    const mixed = await api('/bulk_update_price_quantity', {
      method: 'POST',
      body: {
        requests: [
          {
            sku: skus[0],
            shipToLocationAvailability: { quantity: 1 },
            offers: [{ offerId: '1', availableQuantity: 1 }],
          },
          { sku: 'MISSING', shipToLocationAvailability: { quantity: 1 } },
        ],
      },
    });
    expect(mixed.status).toBe(207);
    const mixedBody = (await mixed.json()) as BulkPriceQuantityResponse;
    expect(mixedBody.responses?.map((r) => r.statusCode)).toEqual([200, 404, 404]);
    expect(mixedBody.responses?.[1]?.errors?.[0]?.errorId).toBe(25713);
  });
});

describe('eBay offers and item groups', () => {
  it('createOffer → getOffers by sku → updateOffer → publishOffer', async () => {
    await api('/inventory_item/MUG-1', {
      method: 'PUT',
      body: {
        product: { title: 'Mug' },
        availability: { shipToLocationAvailability: { quantity: 4 } },
      },
    });
    const created = await api('/offer', {
      method: 'POST',
      body: {
        sku: 'MUG-1',
        marketplaceId: 'EBAY_US',
        format: 'FIXED_PRICE',
        availableQuantity: 4,
        categoryId: '20625',
      },
    });
    expect(created.status).toBe(201);
    const { offerId } = (await created.json()) as { offerId: string };
    const duplicate = await api('/offer', {
      method: 'POST',
      body: { sku: 'MUG-1', marketplaceId: 'EBAY_US', format: 'FIXED_PRICE' },
    });
    expect(duplicate.status).toBe(400);

    const noPrice = await api(`/offer/${offerId}/publish`, { method: 'POST' });
    expect(noPrice.status).toBe(400);
    expect(await errorId(noPrice)).toBe(25002);

    const updated = await api(`/offer/${offerId}`, {
      method: 'PUT',
      body: {
        availableQuantity: 4,
        categoryId: '20625',
        pricingSummary: { price: { value: '12.50', currency: 'USD' } },
      },
    });
    expect(updated.status).toBe(200);

    const published = await api(`/offer/${offerId}/publish`, { method: 'POST' });
    expect(published.status).toBe(200);
    const { listingId } = (await published.json()) as { listingId: string };
    expect(listingId).toMatch(/^\d+$/);

    const offers = (await (await api('/offer?sku=MUG-1&marketplace_id=EBAY_US')).json()) as Offers;
    expect(offers).toMatchObject({ total: 1, size: 1 });
    expect(offers.offers?.[0]).toMatchObject({
      offerId,
      sku: 'MUG-1',
      status: 'PUBLISHED',
      format: 'FIXED_PRICE',
      listing: { listingId, listingStatus: 'ACTIVE' },
      pricingSummary: { price: { value: '12.50', currency: 'USD' } },
    });
    expect((await api('/offer?sku=NOPE')).status).toBe(404);
    expect((await api('/offer/999')).status).toBe(404);
  });

  it('inventory_item_group: PUT checks members and aspects, GET reads it, items show their group, publish by group', async () => {
    for (const [sku, color] of [
      ['G-RED', 'Red'],
      ['G-BLUE', 'Blue'],
    ] as const) {
      await api(`/inventory_item/${sku}`, {
        method: 'PUT',
        body: {
          product: { title: `Tee ${color}`, aspects: { Color: [color] } },
          availability: { shipToLocationAvailability: { quantity: 2 } },
        },
      });
      await api('/offer', {
        method: 'POST',
        body: {
          sku,
          marketplaceId: 'EBAY_US',
          format: 'FIXED_PRICE',
          categoryId: '1',
          pricingSummary: { price: { value: '5.00', currency: 'USD' } },
        },
      });
    }
    const group = {
      title: 'Tee',
      aspects: { Brand: ['X'] },
      variantSKUs: ['G-RED', 'G-BLUE'],
      variesBy: { specifications: [{ name: 'Color', values: ['Red', 'Blue'] }] },
    };
    const badAspect = await api('/inventory_item_group/TEE', {
      method: 'PUT',
      body: { ...group, variesBy: { specifications: [{ name: 'Size', values: ['M'] }] } },
    });
    expect(badAspect.status).toBe(400);
    expect((await api('/inventory_item_group/TEE', { method: 'PUT', body: group })).status).toBe(
      204,
    );
    expect(await (await api('/inventory_item_group/TEE')).json()).toMatchObject({
      inventoryItemGroupKey: 'TEE',
      variantSKUs: ['G-RED', 'G-BLUE'],
    });
    expect(await (await api('/inventory_item/G-RED')).json()).toMatchObject({
      groupIds: ['TEE'],
      inventoryItemGroupKeys: ['TEE'],
    });

    const published = await api('/offer/publish_by_inventory_item_group', {
      method: 'POST',
      body: { inventoryItemGroupKey: 'TEE', marketplaceId: 'EBAY_US' },
    });
    expect(published.status).toBe(200);
    const { listingId } = (await published.json()) as { listingId: string };
    expect(ebay.store.offersOf('G-BLUE')[0]?.listing?.listingId).toBe(listingId);
    expect(ebay.store.offersOf('G-RED')[0]?.listing?.listingId).toBe(listingId);

    // Replacing the group without G-BLUE removes it from the group.
    await api('/inventory_item_group/TEE', {
      method: 'PUT',
      body: { ...group, variantSKUs: ['G-RED'] },
    });
    expect(
      ((await (await api('/inventory_item/G-BLUE')).json()) as { groupIds?: string[] }).groupIds,
    ).toBeUndefined();
    expect((await api('/inventory_item_group/TEE', { method: 'DELETE' })).status).toBe(204);
    expect((await api('/inventory_item_group/TEE')).status).toBe(404);
  });

  it('needs the sell.inventory scope to write', async () => {
    const { code } = ebay.authorize({
      scopes: ['https://api.ebay.com/oauth/api_scope/sell.inventory.readonly'],
    });
    const res = await fetch(`${base}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${ebay.settings.clientId}:${ebay.settings.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: ebay.settings.ruName,
      }).toString(),
    });
    const readonly = `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
    expect(
      (await api('/inventory_item?limit=1', { headers: { authorization: readonly } })).status,
    ).toBe(200);
    const write = await api('/inventory_item/X', {
      method: 'PUT',
      body: {},
      headers: { authorization: readonly },
    });
    expect(write.status).toBe(403);
    expect(await errorId(write)).toBe(1100);
  });
});

describe('eBay error envelope for malformed requests', () => {
  it('answers invalid JSON and unknown paths with {errors:[...]}', async () => {
    const res = await fetch(`${base}/sell/inventory/v1/inventory_item/X`, {
      method: 'PUT',
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        'content-language': 'en-US',
      },
      body: '{"product":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(
      25709,
    );
    const missing = await fetch(`${base}/sell/inventory/v1/nothing_here`, {
      headers: { authorization: auth },
    });
    expect(missing.status).toBe(404);
    expect(
      ((await missing.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId,
    ).toBe(2002);
  });
});

describe('eBay bulk create and re-seeding', () => {
  it('bulk_create_or_replace_inventory_item answers per SKU with its locale; 26 entries → 400', async () => {
    const res = await api('/bulk_create_or_replace_inventory_item', {
      method: 'POST',
      body: {
        requests: [
          {
            sku: 'BULK-1',
            locale: 'en_US',
            product: { title: 'A' },
            availability: { shipToLocationAvailability: { quantity: 1 } },
          },
          {
            sku: 'BULK-2',
            product: { title: 'B' },
            availability: { shipToLocationAvailability: { quantity: 2 } },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      responses: [
        { statusCode: 200, sku: 'BULK-1', locale: 'en_US' },
        { statusCode: 200, sku: 'BULK-2', locale: 'en_US' },
      ],
    });
    expect(ebay.quantities()).toMatchObject({ 'BULK-1': 1, 'BULK-2': 2 });
    const over = await api('/bulk_create_or_replace_inventory_item', {
      method: 'POST',
      body: { requests: Array.from({ length: 26 }, (_, i) => ({ sku: `B${i}` })) },
    });
    expect(over.status).toBe(400);
    expect(ebay.quantities()['B0']).toBeUndefined();
  });

  it('seeding the same catalogue again keeps one offer per SKU', () => {
    const fresh = createEbayEmulator({ catalogue: { products: 3 } });
    const offers = fresh.store.offers.size;
    fresh.seed();
    expect(fresh.store.offers.size).toBe(offers);
    for (const sku of fresh.store.skus()) expect(fresh.store.offersOf(sku)).toHaveLength(1);
    void fresh.close();
  });
});
