import { describe, expect, it } from 'vitest';
import type { ChannelProduct, ChannelVariant } from '@stocksync/channels';
import type { HeldVariant } from '../catalog/imported-products';
import { lookupKeys, planBatch, type BatchLookups } from './batch-plan';
import { cleanSku, money } from './channel-values';

const variant = (externalId: string, extra: Partial<ChannelVariant> = {}): ChannelVariant => ({
  externalId,
  sku: '',
  title: `Variant ${externalId}`,
  optionValues: [],
  price: '10',
  quantity: 5,
  ...extra,
});

const product = (
  externalId: string,
  variants: ChannelVariant[],
  title = 'Mug',
): ChannelProduct => ({
  externalId,
  title,
  variants,
});

const CONNECTION = 'conn-1';
const nothingHeld: BatchLookups = {
  connectionId: CONNECTION,
  listed: new Map(),
  bySku: new Map(),
  listedAs: new Map(),
};

/** One of our variants, of a product that came from this connection unless said otherwise. */
const held = (variantId: string, productId: string, extra: Partial<HeldVariant> = {}) => ({
  variantId,
  productId,
  sku: '',
  title: 'Large',
  price: '12.50',
  qty: 3,
  productTitle: 'Mug',
  isSynced: false,
  sourceConnectionId: CONNECTION,
  ...extra,
});

function ids() {
  let n = 0;
  return () => `id-${++n}`;
}

describe('planBatch', () => {
  it('creates a product with its variants and a listing each when nothing is ours yet', () => {
    const plan = planBatch(
      [product('P1', [variant('V1', { sku: 'MUG-1', optionValues: ['Red', 'L'] }), variant('V2')])],
      nothingHeld,
      ids(),
    );
    expect(plan.done).toBe(1);
    expect(plan.newProducts).toEqual([{ id: 'id-1', title: 'Mug' }]);
    expect(plan.newVariants.map((v) => [v.id, v.productId, v.position, v.sku, v.options])).toEqual([
      ['id-2', 'id-1', 0, 'MUG-1', ['Red', 'L', null]],
      ['id-3', 'id-1', 1, '', [null, null, null]],
    ]);
    expect(plan.listings.map((l) => [l.variantId, l.externalVariantId])).toEqual([
      ['id-2', 'V1'],
      ['id-3', 'V2'],
    ]);
    expect(plan.updates).toEqual([]);
    expect(plan.touchedProductIds).toEqual(['id-1']);
    expect(plan.missingSkuVariantIds).toEqual(['id-3']);
  });

  it('counts as missing a SKU the re-imported variants without one, unless the channel has one', () => {
    const blank = held('blank', 'prod');
    const channelHas = held('channel-has', 'prod');
    const ours = held('ours', 'prod', { sku: 'MUG-3' });
    const plan = planBatch(
      [
        product('P1', [
          variant('V1'),
          variant('V2', { sku: 'MUG-2' }),
          variant('V3'),
          variant('V4', { sku: 'MUG-4' }),
        ]),
      ],
      {
        ...nothingHeld,
        listed: new Map([
          ['V1', blank],
          ['V2', channelHas],
          ['V3', ours],
        ]),
      },
      ids(),
    );
    expect(plan.newVariants.map((v) => [v.id, v.sku])).toEqual([['id-1', 'MUG-4']]);
    expect(plan.missingSkuVariantIds).toEqual(['blank']);
  });

  it('updates a variant listed on the connection already, and the title of its product', () => {
    const ours = held('ours', 'prod', { title: 'Small', price: '10.00', qty: 7 });
    const plan = planBatch(
      [product('P1', [variant('V1', { title: 'Large', price: '12.5', quantity: 3 })], 'New name')],
      { ...nothingHeld, listed: new Map([['V1', ours]]) },
      ids(),
    );
    expect(plan.newProducts).toEqual([]);
    expect(plan.newVariants).toEqual([]);
    expect(plan.updates).toEqual([
      { id: 'ours', title: 'Large', price: '12.50', before: expect.objectContaining(ours) },
    ]);
    expect(plan.stock).toEqual([{ variantId: 'ours', qtyBefore: 7, qtyAfter: 3, first: false }]);
    expect(plan.productTitles).toEqual([{ id: 'prod', title: 'New name', before: 'Mug' }]);
    expect(plan.listings[0]).toMatchObject({ variantId: 'ours', externalProductId: 'P1', qty: 3 });
    expect(plan.outcomes[0]).toMatchObject({ action: 'update', variants: { update: 1 } });
  });

  it("never renames a product or moves its stock from another connection's listing", () => {
    const ours = held('ours', 'prod', { sourceConnectionId: 'shopify-1', qty: 96 });
    const plan = planBatch(
      [
        product(
          'P1',
          [variant('V1', { title: 'Other', price: '12.50', quantity: 154 })],
          'Compact Silk Wallet',
        ),
      ],
      { ...nothingHeld, listed: new Map([['V1', ours]]) },
      ids(),
    );
    expect(plan.updates).toEqual([]);
    expect(plan.stock).toEqual([]);
    expect(plan.productTitles).toEqual([]);
    expect(plan.outcomes[0]!.action).toBe('unchanged');
    expect(plan.outcomes[0]!.changes).toEqual([
      {
        target: 'product',
        sku: '',
        field: 'title',
        before: 'Mug',
        after: 'Compact Silk Wallet',
        kept: 'other_source',
      },
      expect.objectContaining({ field: 'title', kept: 'other_source' }),
      expect.objectContaining({
        field: 'quantity',
        before: '96',
        after: '154',
        kept: 'other_source',
      }),
    ]);
  });

  it('keeps the master quantity of a synced product, and says so', () => {
    const ours = held('ours', 'prod', { isSynced: true, qty: 5 });
    const plan = planBatch(
      [product('P1', [variant('V1', { title: 'Large', price: '12.50', quantity: 9 })])],
      { ...nothingHeld, listed: new Map([['V1', ours]]) },
      ids(),
    );
    expect(plan.stock).toEqual([]);
    expect(plan.outcomes[0]!.changes).toEqual([
      expect.objectContaining({ field: 'quantity', before: '5', after: '9', kept: 'synced' }),
    ]);
  });

  it('links a variant by SKU ignoring case without changing our variant or product', () => {
    const plan = planBatch(
      [product('P1', [variant('V1', { sku: ' mug-1 ', quantity: 40 })], 'Other title')],
      { ...nothingHeld, bySku: new Map([['mug-1', held('ours', 'prod', { sku: 'MUG-1' })]]) },
      ids(),
    );
    expect(plan.updates).toEqual([]);
    expect(plan.stock).toEqual([]);
    expect(plan.productTitles).toEqual([]);
    expect(plan.newVariants).toEqual([]);
    expect(plan.listings.map((l) => l.variantId)).toEqual(['ours']);
    expect(plan.touchedProductIds).toEqual(['prod']);
    expect(plan.outcomes[0]).toMatchObject({ action: 'link', variants: { link: 1 } });
  });

  it('fails a product whose SKU is listed on this account as another item', () => {
    const plan = planBatch(
      [product('P1', [variant('V1', { sku: 'MUG-1' })]), product('P2', [variant('V2')])],
      {
        ...nothingHeld,
        bySku: new Map([['mug-1', held('ours', 'prod', { sku: 'MUG-1' })]]),
        listedAs: new Map([['ours', 'V9']]),
      },
      ids(),
    );
    expect(plan.failed).toEqual([
      { externalId: 'P1', reason: 'SKU MUG-1 is used by another item on this account' },
    ]);
    expect(plan.done).toBe(1);
    expect(plan.listings.map((l) => l.externalVariantId)).toEqual(['V2']);
  });

  it('fails a product with two new variants of the same SKU, and a later one reusing a new SKU', () => {
    const plan = planBatch(
      [
        product('P1', [variant('V1', { sku: 'A' }), variant('V2', { sku: 'a' })]),
        product('P2', [variant('V3', { sku: 'B' })]),
        product('P3', [variant('V4', { sku: 'b' })]),
      ],
      nothingHeld,
      ids(),
    );
    expect(plan.failed).toEqual([
      { externalId: 'P1', reason: 'Two variants of this product have the same SKU' },
      { externalId: 'P3', reason: 'SKU b is used by another item on this account' },
    ]);
    expect(plan.newProducts.map((p) => p.title)).toEqual(['Mug']);
  });

  it('keeps quantities within the column and defaults empty titles', () => {
    const plan = planBatch(
      [product('P1', [variant('V1', { title: '', quantity: 1e12 })], '')],
      nothingHeld,
      ids(),
    );
    expect(plan.newProducts[0]!.title).toBe('Untitled');
    expect(plan.newVariants[0]).toMatchObject({ title: 'Default', qty: 2_147_483_647 });
  });
});

describe('the planner helpers', () => {
  it('answers the external ids and distinct lower-cased SKUs to look up', () => {
    const keys = lookupKeys([
      product('P1', [variant('V1', { sku: 'A-1' }), variant('V2', { sku: 'a-1' }), variant('V3')]),
    ]);
    expect(keys).toEqual({ externalIds: ['V1', 'V2', 'V3'], skus: ['a-1'] });
  });

  it('keeps prices in range with two decimals and drops SKUs longer than the column', () => {
    expect([money('3.456'), money('-1'), money('abc'), money('1e13')]).toEqual([
      '3.46',
      '0.00',
      '0.00',
      '0.00',
    ]);
    expect(cleanSku(' x ')).toBe('x');
    expect(cleanSku('x'.repeat(101))).toBe('');
  });
});
