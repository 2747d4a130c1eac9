import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/* Issue 20 item 15: the document at /docs/json is valid OpenAPI and says what the routes read. */

interface Parameter {
  name: string;
  in: string;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let source: string;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json<Document>();
});
afterAll(async () => {
  await t?.close();
});

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [`${method} ${path}`, op]),
  );
}

describe('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists only real parameters, each with a schema', () => {
    for (const [name, op] of operations()) {
      for (const parameter of op.parameters ?? []) {
        expect(['type', 'additionalProperties', 'properties'], name).not.toContain(parameter.name);
        expect(Object.keys(parameter.schema ?? {}), `${name} ${parameter.name}`).not.toEqual([]);
      }
    }
  });

  it('documents the Shopify install query and the page parameters', () => {
    const install = doc.paths['/v1/platforms/shopify/install']!.get!;
    expect(install.parameters?.map((p) => p.name)).toEqual(['shop', 'hmac', 'timestamp', 'host']);
    const page = doc.paths['/v1/products']!.get!.parameters!;
    expect(page.find((p) => p.name === 'page')?.schema).toMatchObject({ type: 'integer' });
    expect(page.find((p) => p.name === 'pageSize')?.schema).toMatchObject({
      type: 'integer',
      maximum: 100,
    });
  });

  it.each([
    ['/v1/webhooks/shopify', 'x-shopify-hmac-sha256'],
    ['/v1/webhooks/tiktok', 'authorization'],
    ['/v1/webhooks/ebay/account-deletion', 'x-ebay-signature'],
    ['/v1/webhooks/stripe', 'stripe-signature'],
  ])('documents the signature header of POST %s (%s)', (path, header) => {
    const parameters = doc.paths[path]!.post!.parameters ?? [];
    expect(parameters.filter((p) => p.in === 'header').map((p) => p.name)).toContain(header);
  });
});
