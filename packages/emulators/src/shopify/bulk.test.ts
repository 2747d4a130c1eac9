import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBulk as runBulkNow } from './bulk';
import { SHOP, startShopify, waitFor, type Started } from './test-support';

let s: Started;
beforeAll(async () => {
  s = await startShopify({
    products: 40,
    locations: 2,
    rateLimiting: false,
    bulkRunMs: 30,
    // Several chunks, so the chunked run and its ordering are exercised.
    bulkChunkSize: 7,
  });
});
afterAll(async () => {
  await s.emulator.close();
});

const RUN = `mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message code } } }`;

const EXPORT = `{
  products {
    edges { node { id title
      variants { edges { node { id sku inventoryItem { id inventoryLevels { edges { node { location { id } quantities(names: ["available"]) { name quantity } } } } } } } }
    } }
  }
}`;

async function runBulk(query: string) {
  const started = await s.gql(RUN, { q: query });
  return started.body.data.bulkOperationRunQuery;
}

describe('bulk operations', () => {
  it('runs, moves through statuses, and serves a JSONL file with __parentId lines', async () => {
    // Hold the operation in RUNNING (long bulkRunMs), observe it through the API, then let it run.
    s.emulator.settings.bulkRunMs = 60_000;
    const started = await runBulk(
      `{ products { edges { node { id title variants { edges { node { id sku inventoryItem { id } } } } } } } }`,
    );
    expect(started.userErrors).toEqual([]);
    expect(started.bulkOperation.status).toBe('CREATED');
    const poll = async () =>
      (
        await s.gql(
          `query($id: ID!) { node(id: $id) { ... on BulkOperation { id status url objectCount rootObjectCount fileSize errorCode } } }`,
          { id: started.bulkOperation.id },
        )
      ).body.data.node;
    const running = await waitFor(async () => {
      const node = await poll();
      return node.status === 'RUNNING' ? node : undefined;
    });
    expect(running).toMatchObject({ url: null, objectCount: '0' });
    s.emulator.settings.bulkRunMs = 30;
    const shopState = s.emulator.shop(SHOP);
    const op = shopState.bulkOperations.get(Number(started.bulkOperation.id.split('/').pop()))!;
    runBulkNow(s.emulator.runtime, shopState, op, '2026-07');
    const done = await waitFor(async () => {
      const node = await poll();
      return node.status === 'COMPLETED' ? node : undefined;
    });
    const shop = s.emulator.shop(SHOP);
    expect(done.rootObjectCount).toBe('40');
    expect(done.objectCount).toBe(String(40 + shop.variants.size));
    expect(done.errorCode).toBeNull();
    const file = await fetch(done.url);
    expect(file.headers.get('content-type')).toContain('jsonl');
    const text = await file.text();
    expect(Buffer.byteLength(text)).toBe(Number(done.fileSize));
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(40 + shop.variants.size);
    const product = shop.productList[0]!;
    const variant = shop.variants.get(product.variantIds[0]!)!;
    expect(lines[0]).toEqual({ id: `gid://shopify/Product/${product.id}`, title: product.title });
    expect(lines[1]).toEqual({
      id: `gid://shopify/ProductVariant/${variant.id}`,
      sku: shop.items.get(variant.inventoryItemId)!.sku,
      inventoryItem: { id: `gid://shopify/InventoryItem/${variant.inventoryItemId}` },
      __parentId: `gid://shopify/Product/${product.id}`,
    });
    // Every child line comes after its parent.
    const seenIds = new Set<string>();
    for (const line of lines) {
      if (line.__parentId) expect(seenIds.has(line.__parentId as string)).toBe(true);
      seenIds.add(line.id as string);
    }
    // The signed URL is required.
    expect((await fetch(done.url.replace(/signature=\w+/, 'signature=bad'))).status).toBe(404);
  });

  it('exports two levels of nested connections with parents for each', async () => {
    const started = await runBulk(EXPORT);
    expect(started.userErrors).toEqual([]);
    const done = await waitFor(async () => {
      const { body } = await s.gql(`{ currentBulkOperation(type: QUERY) { id status url } }`);
      return body.data.currentBulkOperation.status === 'COMPLETED'
        ? body.data.currentBulkOperation
        : undefined;
    });
    expect(done.id).toBe(started.bulkOperation.id);
    const lines = (await (await fetch(done.url)).text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const shop = s.emulator.shop(SHOP);
    const levels = shop.itemList.reduce((sum, i) => sum + i.levels.size, 0);
    expect(lines).toHaveLength(40 + shop.variants.size + levels);
    const levelLine = lines.find((l) => 'quantities' in l)!;
    expect(String(levelLine.__parentId)).toMatch(/^gid:\/\/shopify\/ProductVariant\//);
    expect(levelLine.location).toMatchObject({ id: expect.stringMatching(/Location/) });
  });

  it('rejects bulk queries Shopify rejects', async () => {
    const noConnection = await runBulk(`{ shop { name } }`);
    expect(noConnection.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['query'] });
    const tooDeep = await runBulk(
      `{ products { edges { node { id variants { edges { node { id inventoryItem { id inventoryLevels { edges { node { id location { inventoryLevels { edges { node { id } } } } } } } } } } } } } } }`,
    );
    expect(tooDeep.userErrors[0].message).toContain('nesting depth');
    const noId = await runBulk(
      `{ products { edges { node { title variants { edges { node { id } } } } } } }`,
    );
    expect(noId.userErrors[0].message).toContain("'id'");
    const invalid = await runBulk(`{ products { edges { node { nope } } } }`);
    expect(invalid.userErrors[0].message).toContain("doesn't exist");
  });

  it('allows one bulk query at a time per shop and can cancel it', async () => {
    s.emulator.settings.bulkRunMs = 10_000;
    const first = await runBulk(`{ products { edges { node { id } } } }`);
    const second = await runBulk(`{ products { edges { node { id } } } }`);
    expect(second.bulkOperation).toBeNull();
    expect(second.userErrors[0]).toMatchObject({ code: 'OPERATION_IN_PROGRESS' });
    expect(second.userErrors[0].message).toContain(first.bulkOperation.id);
    const cancel = await s.gql(
      `mutation($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { status } userErrors { message } } }`,
      {
        id: first.bulkOperation.id,
      },
    );
    expect(cancel.body.data.bulkOperationCancel.bulkOperation.status).toBe('CANCELING');
    await waitFor(async () => {
      const { body } = await s.gql(`{ currentBulkOperation { status } }`);
      return body.data.currentBulkOperation.status === 'CANCELED' ? true : undefined;
    });
    s.emulator.settings.bulkRunMs = 30;
  });
});
