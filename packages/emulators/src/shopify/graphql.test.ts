import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startShopify, type Started } from './test-support';

let s: Started;
beforeAll(async () => {
  s = await startShopify({ products: 60, locations: 2, rateLimiting: false });
});
afterAll(async () => {
  await s.emulator.close();
});

const PAGE = `query Page($cursor: String, $q: String) {
  products(first: 7, after: $cursor, query: $q) {
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id title updatedAt
      variants(first: 10) { nodes { id sku inventoryItem { id } } } } }
  }
}`;

async function allProducts(query?: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const { body } = await s.gql(PAGE, { cursor, q: query });
    expect(body.errors).toBeUndefined();
    const conn = body.data.products;
    for (const edge of conn.edges) ids.push(edge.node.id);
    if (!conn.pageInfo.hasNextPage) return ids;
    cursor = conn.pageInfo.endCursor;
  }
  throw new Error('pagination did not end');
}

describe('Admin GraphQL reads', () => {
  it('pages through every product exactly once with first/after', async () => {
    const ids = await allProducts();
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const expected = s.emulator.shop(SHOP).productList.map((p) => `gid://shopify/Product/${p.id}`);
    expect(ids).toEqual(expected);
  });

  it('supports nodes and edges, last/before and reverse', async () => {
    const { body } = await s.gql(
      `{ products(last: 2, reverse: true) { nodes { id } pageInfo { hasPreviousPage } } }`,
    );
    const list = s.emulator.shop(SHOP).productList;
    expect(body.data.products.nodes.map((n: { id: string }) => n.id)).toEqual([
      `gid://shopify/Product/${list[1]!.id}`,
      `gid://shopify/Product/${list[0]!.id}`,
    ]);
    expect(body.data.products.pageInfo.hasPreviousPage).toBe(true);
  });

  it('pages backwards with last/before', async () => {
    const list = s.emulator.shop(SHOP).productList;
    const forward = await s.gql(`{ products(first: 10) { edges { cursor node { id } } } }`);
    const tenth = forward.body.data.products.edges[9].cursor;
    const { body } = await s.gql(
      `query($c: String) { products(last: 3, before: $c) { nodes { id } pageInfo { hasNextPage hasPreviousPage } } }`,
      { c: tenth },
    );
    expect(body.data.products.nodes.map((n: { id: string }) => n.id)).toEqual(
      list.slice(6, 9).map((p) => `gid://shopify/Product/${p.id}`),
    );
    expect(body.data.products.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('filters by sku:, title:, id: ranges and updated_at:', async () => {
    const shop = s.emulator.shop(SHOP);
    const withSku = shop.itemList.find((i) => i.sku)!;
    const variant = shop.variants.get(withSku.variantId)!;
    expect(await allProducts(`sku:${withSku.sku}`)).toEqual([
      `gid://shopify/Product/${variant.productId}`,
    ]);

    const list = shop.productList;
    const a = list[10]!.id;
    const b = list[19]!.id;
    expect(await allProducts(`id:>=${a} id:<=${b}`)).toHaveLength(10);
    expect(await allProducts(`id:>${a} AND id:<${b}`)).toHaveLength(8);

    const word = list[3]!.title.split(' ')[2]!;
    const byTitle = await allProducts(`title:${word}`);
    const expectedTitle = list.filter((p) => p.title.toLowerCase().includes(word.toLowerCase()));
    expect(byTitle).toHaveLength(expectedTitle.length);

    // Seeded products were updated one minute apart; take the last 5.
    const since = new Date(list[55]!.updatedAt).toISOString();
    expect(await allProducts(`updated_at:>='${since}'`)).toHaveLength(5);
    expect(await allProducts(`updated_at:>'${since}'`)).toHaveLength(4);
    expect(await allProducts(`-id:${a}`)).toHaveLength(59);
  });

  it('looks variants up by SKU through productVariants', async () => {
    const shop = s.emulator.shop(SHOP);
    const item = shop.itemList.find((i) => i.sku)!;
    const { body } = await s.gql(
      `query($q: String!) { productVariants(first: 5, query: $q) { nodes { id sku product { id }
        inventoryItem { inventoryLevels(first: 5) { nodes { location { id } quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } } } } }`,
      { q: `sku:${item.sku}` },
    );
    const nodes = body.data.productVariants.nodes;
    expect(nodes).toHaveLength(1);
    expect(nodes[0].sku).toBe(item.sku);
    const levels = nodes[0].inventoryItem.inventoryLevels.nodes;
    expect(levels.length).toBe(item.levels.size);
    const first = [...item.levels.values()][0]!;
    expect(levels[0].quantities).toEqual([
      { name: 'available', quantity: first.quantities.available },
      { name: 'on_hand', quantity: first.quantities.available },
      { name: 'committed', quantity: 0 },
    ]);
  });

  it('answers node(id) for several types and null for unknown ids', async () => {
    const shop = s.emulator.shop(SHOP);
    const product = shop.productList[0]!;
    const { body } = await s.gql(
      `query($p: ID!, $v: ID!) { p: node(id: $p) { __typename ... on Product { title } }
        v: node(id: $v) { __typename id } missing: node(id: "gid://shopify/Product/1") { id } }`,
      {
        p: `gid://shopify/Product/${product.id}`,
        v: `gid://shopify/ProductVariant/${product.variantIds[0]}`,
      },
    );
    expect(body.data.p).toEqual({ __typename: 'Product', title: product.title });
    expect(body.data.v.__typename).toBe('ProductVariant');
    expect(body.data.missing).toBeNull();
  });

  it('reports validation errors in Shopify shape, with cost extensions', async () => {
    const { status, body } = await s.gql(`{ products(first: 1) { nodes { nope } } }`);
    expect(status).toBe(200);
    expect(body.errors?.[0]).toMatchObject({
      message: "Field 'nope' doesn't exist on type 'Product'",
      extensions: { code: 'undefinedField', typeName: 'Product', fieldName: 'nope' },
    });
    expect(body.extensions?.cost.throttleStatus.maximumAvailable).toBe(2000);
  });

  it('names root fields it does not emulate', async () => {
    const { body } = await s.gql(`{ orders(first: 1) { nodes { id } } shop { name } }`);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_EMULATED',
      fieldName: 'orders',
    });
    expect(body.errors?.[0]?.message).toContain("'orders'");
    expect(body.extensions?.cost.requestedQueryCost).toBe(0);
  });

  it('names nested fields it does not emulate', async () => {
    const { body } = await s.gql(
      `{ products(first: 1) { nodes { id seo { title } collections(first: 1) { nodes { id } } } } }`,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_EMULATED',
      fieldName: 'collections',
    });
  });

  it('requires first or last and caps page size', async () => {
    const missing = await s.gql(`{ products { nodes { id } } }`);
    expect(missing.body.errors?.[0]?.message).toBe('you must provide one of first or last');
    const big = await s.gql(`{ products(first: 251) { nodes { id } } }`);
    expect(big.body.errors?.[0]?.message).toContain('250');
  });

  it('validates against the schema of the requested version', async () => {
    // compareQuantity exists in 2025-10 and was removed in 2026-04.
    const mutation = `mutation { inventorySetQuantities(input: { name: "available", reason: "correction",
      ignoreCompareQuantity: true, quantities: [] }) { userErrors { code } } }`;
    const old = await s.gql(mutation, undefined, { version: '2025-10' });
    expect(old.body.errors).toBeUndefined();
    const current = await s.gql(mutation, undefined, { version: '2026-04' });
    expect(current.body.errors?.[0]?.message).toContain('ignoreCompareQuantity');
    // @idempotent does not exist before 2026-01.
    const withKey = `mutation { inventoryAdjustQuantities(input: { name: "available", reason: "correction", changes: [] })
      @idempotent(key: "k1") { userErrors { code } } }`;
    expect(
      (await s.gql(withKey, undefined, { version: '2025-10' })).body.errors?.[0]?.message,
    ).toContain('idempotent');
  });

  it('echoes the version, rejects unknown versions and bad tokens', async () => {
    const ok = await s.gql(`{ shop { name } }`, undefined, { version: '2026-10' });
    expect(ok.headers.get('x-shopify-api-version')).toBe('2026-10');
    expect((await s.gql(`{ shop { name } }`, undefined, { version: '2031-01' })).status).toBe(404);
    const denied = await s.gql(`{ shop { name } }`, undefined, { token: 'shpat_nope' });
    expect(denied.status).toBe(401);
    expect(denied.body.errors).toBe(
      '[API] Invalid API key or access token (unrecognized login or wrong password)',
    );
  });

  it('denies fields outside the granted scopes', async () => {
    const limited = s.emulator.install(SHOP, ['read_locations']);
    const { body } = await s.gql(
      `{ products(first: 1) { nodes { id } } locations(first: 1) { nodes { id } } }`,
      undefined,
      {
        token: limited,
      },
    );
    expect(body.errors?.[0]).toMatchObject({
      message: 'Access denied for products field. Required access: `read_products` access scope.',
      path: ['products'],
      extensions: { code: 'ACCESS_DENIED' },
    });
    // products is non-null, so the error nulls `data` as graphql does; locations alone is allowed.
    expect(body.data).toBeNull();
    const allowed = await s.gql(`{ locations(first: 1) { nodes { id } } }`, undefined, {
      token: limited,
    });
    expect(allowed.body.data.locations.nodes).toHaveLength(1);
  });

  it('serves inventoryItems and locations with filters, and application/graphql bodies', async () => {
    const shop = s.emulator.shop(SHOP);
    const item = shop.itemList.find((i) => i.sku)!;
    const { body } = await s.gql(
      `query($q: String!) { inventoryItems(first: 5, query: $q) { nodes { id sku tracked variant { id } } }
        locations(first: 5, query: "name:retail") { nodes { name isActive } } }`,
      { q: `sku:${item.sku}` },
    );
    expect(body.data.inventoryItems.nodes).toEqual([
      {
        id: `gid://shopify/InventoryItem/${item.id}`,
        sku: item.sku,
        tracked: true,
        variant: { id: `gid://shopify/ProductVariant/${item.variantId}` },
      },
    ]);
    expect(body.data.locations.nodes).toEqual([{ name: 'Retail store', isActive: true }]);
    const raw = await fetch(`${s.base}/shops/${SHOP}/admin/api/2026-07/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/graphql', 'X-Shopify-Access-Token': s.token },
      body: '{ shop { myshopifyDomain } }',
    });
    expect(((await raw.json()) as { data: unknown }).data).toEqual({
      shop: { myshopifyDomain: SHOP },
    });
  });

  it('takes the shop from the Host header as well as the path', async () => {
    const http = await import('node:http');
    const url = new URL(s.base);
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/admin/api/2026-07/graphql.json',
          method: 'POST',
          headers: {
            Host: SHOP,
            'Content-Type': 'application/json',
            'X-Shopify-Access-Token': s.token,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ query: '{ shop { myshopifyDomain } }' }));
    });
    expect(JSON.parse(answer).data.shop.myshopifyDomain).toBe(SHOP);
  });
});
