import { afterEach, describe, expect, it } from 'vitest';
import { SHOP, startShopify, type Started } from './test-support';

let s: Started | undefined;
afterEach(async () => {
  await s?.emulator.close();
  s = undefined;
});

// requested cost: products 2 + 50 x (1 + variants(2 + 10 x 1)) = 652 with these settings.
const HEAVY = `{ products(first: 50) { nodes { id variants(first: 10) { nodes { id sku } } } } }`;

describe('calculated query cost and the leaky bucket', () => {
  it('computes requested and actual cost and reports throttleStatus on every answer', async () => {
    let now = 1_700_000_000_000;
    s = await startShopify({ products: 5, now: () => now });
    const { body } = await s.gql(HEAVY);
    const cost = body.extensions!.cost;
    expect(cost.requestedQueryCost).toBe(652);
    // 5 products with their real variant counts: 2 + sum(1 + 2 + variants).
    const shop = s.emulator.shop(SHOP);
    const actual = 2 + shop.productList.reduce((sum, p) => sum + 1 + 2 + p.variantIds.length, 0);
    expect(cost.actualQueryCost).toBe(actual);
    // Requested is reserved, the difference refunded.
    expect(cost.throttleStatus).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 2000 - actual,
      restoreRate: 100,
    });
    now += 1_000;
    const mutation = await s.gql(
      `mutation { webhookSubscriptionDelete(id: "gid://shopify/WebhookSubscription/1") { userErrors { message } } }`,
    );
    expect(mutation.body.extensions!.cost.requestedQueryCost).toBe(10);
    expect(mutation.body.extensions!.cost.throttleStatus.currentlyAvailable).toBe(
      Math.min(2000, 2000 - actual + 100) - 10,
    );
  });

  it('throttles a burst over the bucket and recovers at the restore rate (controlled clock)', async () => {
    let now = 1_700_000_000_000;
    s = await startShopify({ products: 300, now: () => now });
    // Each call: 652 reserved, actual 2 + 50 x (3 + ~3 variants) ~ 300 consumed.
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await s.gql(HEAVY)).body);
    const throttled = answers.findIndex((b) => b.errors?.[0]?.extensions?.code === 'THROTTLED');
    expect(throttled).toBeGreaterThan(2);
    const body = answers[throttled]!;
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]).toEqual({
      message: 'Throttled',
      extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
    });
    const status = body.extensions!.cost;
    expect(status.actualQueryCost).toBeNull();
    expect(status.throttleStatus.currentlyAvailable).toBeLessThan(652);
    // Still throttled without time passing.
    expect((await s.gql(HEAVY)).body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    // Wait exactly what an adapter would compute: (requested - available) / restoreRate.
    const wait = Math.ceil(((652 - status.throttleStatus.currentlyAvailable) / 100) * 1000);
    now += wait - 200;
    expect((await s.gql(HEAVY)).body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    now += 200;
    const recovered = await s.gql(HEAVY);
    expect(recovered.body.errors).toBeUndefined();
    expect(recovered.body.data.products.nodes).toHaveLength(50);
    // Never above the bucket size (the shop object itself costs 1).
    now += 3_600_000;
    expect(
      (await s.gql(`{ shop { name } }`)).body.extensions!.cost.throttleStatus.currentlyAvailable,
    ).toBe(1999);
  });

  it('uses the bucket of the shop plan and can answer throttling with HTTP 429', async () => {
    const now = 1_700_000_000_000;
    s = await startShopify({ products: 300, now: () => now, throttledHttpStatus: 429 });
    s.emulator.shop(SHOP).plan = 'plus';
    const first = await s.gql(HEAVY);
    expect(first.body.extensions!.cost.throttleStatus).toMatchObject({
      maximumAvailable: 20000,
      restoreRate: 1000,
    });
    s.emulator.shop(SHOP).plan = 'standard';
    s.emulator.shop(SHOP).bucketAvailable = 100;
    const throttled = await s.gql(HEAVY);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('6');
  });

  it('rejects a query over the single query max cost', async () => {
    s = await startShopify({ products: 1 });
    const { body } = await s.gql(
      `{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }`,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'MAX_COST_EXCEEDED',
      maxCost: 1000,
    });
    expect(body.errors?.[0]?.message).toMatch(
      /^Query cost is \d+, which exceeds the single query max cost limit \(1000\)/,
    );
  });

  it('answers injected 429 faults in Shopify shape with Retry-After', async () => {
    s = await startShopify({ products: 1 });
    s.emulator.core.setFaults({ rateLimitRate: 1 });
    const graphql = await s.gql(`{ shop { name } }`);
    expect(graphql.status).toBe(429);
    expect(graphql.headers.get('retry-after')).toBe('2.0');
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    const token = await fetch(`${s.base}/shops/${SHOP}/admin/oauth/access_token`, {
      method: 'POST',
    });
    expect(token.status).toBe(429);
    expect(await token.json()).toEqual({
      errors:
        'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
    });
    s.emulator.core.setFaults({ rateLimitRate: 0, serverErrorRate: 1 });
    const failed = await s.gql(`{ shop { name } }`);
    expect(failed.status).toBe(500);
    expect(failed.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    // Faults are recorded like every request.
    expect(
      s.emulator.core.recorder.list({ pathIncludes: 'graphql.json' }).map((r) => r.status),
    ).toEqual([429, 500]);
  });
});
