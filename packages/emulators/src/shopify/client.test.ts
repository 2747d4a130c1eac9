import '@shopify/shopify-api/adapters/node';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { ApiVersion, Session, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from './config';
import { SHOP, startShopify, type Started } from './test-support';

let s: Started;
beforeAll(async () => {
  s = await startShopify({ products: 30, rateLimiting: false });
});
afterAll(async () => {
  await s.emulator.close();
});

describe("Shopify's own client libraries against the emulator", () => {
  it('@shopify/admin-api-client works unchanged with customFetchApi rewriting the shop host', async () => {
    const client = createAdminApiClient({
      storeDomain: SHOP,
      apiVersion: '2026-07',
      accessToken: s.token,
      // The client always builds https://{storeDomain}/admin/api/...; send that to the emulator.
      customFetchApi: (url, init) => fetch(s.emulator.rewriteUrl(String(url)), init),
      logger: () => undefined,
    });
    expect(client.getApiUrl()).toBe(`https://${SHOP}/admin/api/2026-07/graphql.json`);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      interface Page {
        products: {
          pageInfo: { hasNextPage: boolean; endCursor: string };
          nodes: Array<{ id: string }>;
        };
      }
      const result: { data?: Page; errors?: unknown; extensions?: Record<string, unknown> } =
        await client.request<Page>(
          `query Products($cursor: String) { products(first: 8, after: $cursor) { pageInfo { hasNextPage endCursor } nodes { id variants(first: 10) { nodes { sku } } } } }`,
          { variables: { cursor } },
        );
      expect(result.errors).toBeUndefined();
      expect(result.extensions?.cost).toMatchObject({ requestedQueryCost: expect.any(Number) });
      const page: Page['products'] = result.data!.products;
      ids.push(...page.nodes.map((n) => n.id));
      cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (cursor);
    expect(ids).toHaveLength(30);

    const withErrors = await client.request(`{ products(first: 1) { nodes { nope } } }`);
    expect(withErrors.errors?.graphQLErrors?.[0]?.message).toBe(
      "Field 'nope' doesn't exist on type 'Product'",
    );
  });

  it('@shopify/admin-api-client retries a 429 from fault injection', async () => {
    const client = createAdminApiClient({
      storeDomain: SHOP,
      apiVersion: '2026-07',
      accessToken: s.token,
      customFetchApi: async (url, init) => {
        // Only the first call is faulted.
        const answer = await fetch(s.emulator.rewriteUrl(String(url)), init);
        s.emulator.core.setFaults({ rateLimitRate: 0 });
        return answer;
      },
      retries: 1,
      logger: () => undefined,
    });
    s.emulator.core.setFaults({ rateLimitRate: 1 });
    const { data, errors } = await client.request(`{ shop { myshopifyDomain } }`);
    expect(errors).toBeUndefined();
    expect(data.shop.myshopifyDomain).toBe(SHOP);
    const statuses = s.emulator.core.recorder
      .list({ pathIncludes: 'graphql.json' })
      .slice(-2)
      .map((r) => r.status);
    expect(statuses).toEqual([429, 200]);
  });

  it('@shopify/shopify-api GraphQL client works with the fetch hook', async () => {
    const shopify = shopifyApi({
      apiKey: SANDBOX_APP.clientId,
      apiSecretKey: SANDBOX_APP.clientSecret,
      hostName: 'app.example.com',
      apiVersion: ApiVersion.July26,
      isEmbeddedApp: false,
      logger: { level: 0 },
    });
    setAbstractFetchFunc(s.emulator.fetch);
    const session = new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: '',
      isOnline: false,
      accessToken: s.token,
    });
    const client = new shopify.clients.Graphql({ session });
    const response = await client.request(`{ locations(first: 5) { nodes { id name } } }`);
    expect(response.data?.locations.nodes).toHaveLength(2);
  });
});
