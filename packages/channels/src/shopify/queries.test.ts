import {
  prepareShopifyDocument as prepareDocument,
  shopifyAdminSchema,
  type ShopifyApiVersion as EmulatedVersion,
} from '@stocksync/emulators';
import { NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startShopifyHarness, type ShopifyHarness } from '../contract-tests/shopify-harness';
import { SHOPIFY_API_VERSIONS, shopifyConfigSchema } from './config';
import { allDocuments } from './queries';

const messages = (result: ReturnType<typeof prepareDocument>) =>
  result.ok ? [] : result.errors.map((e) => e.message);

describe('Shopify GraphQL documents against the official Admin schema', () => {
  for (const version of SHOPIFY_API_VERSIONS) {
    it(`every document validates for ${version}`, () => {
      for (const [name, document] of Object.entries(allDocuments(version))) {
        expect({ name, errors: messages(prepareDocument(version, document)) }).toEqual({
          name,
          errors: [],
        });
      }
    });
  }

  it('rejects a field the schema does not have (the check can fail)', () => {
    expect(messages(prepareDocument('2026-07', '{ shop { noSuchField } }'))).not.toEqual([]);
  });

  // A deprecated field is removed in a later version: none may be sent at a version that has
  // deprecated it, the adapter's default above all (docs/channels §1.2).
  const deprecations = (version: EmulatedVersion, document: string) =>
    validate(shopifyAdminSchema(version), parse(document), [NoDeprecatedCustomRule]).map(
      (e) => e.message,
    );
  const defaultVersion = shopifyConfigSchema.shape.apiVersion.parse(undefined);

  for (const version of SHOPIFY_API_VERSIONS) {
    it(`no document selects a field deprecated at ${version}${version === defaultVersion ? ' (the default)' : ''}`, () => {
      for (const [name, document] of Object.entries(allDocuments(version)))
        expect({ name, deprecated: deprecations(version, document) }).toEqual({
          name,
          deprecated: [],
        });
    });
  }

  it('finds a deprecated field (the check can fail)', () => {
    const document = '{ inventoryItem(id: "gid://shopify/InventoryItem/1") { variant { id } } }';
    expect(deprecations(defaultVersion, document)).toEqual([
      'The field InventoryItem.variant is deprecated. Use `variants` instead.',
    ]);
  });
});

describe('documents the adapter actually sends', () => {
  let h: ShopifyHarness;
  const sent = new Set<string>();
  beforeAll(async () => {
    h = await startShopifyHarness({ documents: sent });
  });
  afterAll(() => h.close());

  it('are all among the validated documents', async () => {
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const page = await h.adapter.listCatalogue(credentials, { pageSize: 2 });
    await h.adapter.exportCatalogue(credentials);
    const variant = page.items.flatMap((p) => p.variants).find((v) => v.sku !== '')!;
    const levels = await h.adapter.readInventory(credentials, [
      { sku: variant.sku },
      { externalVariantId: variant.externalId },
    ]);
    // The item's variant comes from `variants` now (`variant` is deprecated at the default).
    expect(levels.map((l) => l.externalVariantId)).toContain(variant.externalId);
    await h.adapter.setInventory(credentials, [
      { ref: { externalVariantId: variant.externalId }, quantity: 3 },
    ]);
    await h.adapter.registerWebhooks(credentials, 'http://127.0.0.1:9/hooks', ['products/update']);
    const known = new Set(Object.values(allDocuments(h.adapter.config.apiVersion)));
    expect(sent.size).toBeGreaterThanOrEqual(7);
    for (const document of sent) expect(known.has(document)).toBe(true);
  });
});
