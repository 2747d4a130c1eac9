import { describe, expect, it } from 'vitest';
import { productCode } from './strategies';
import { generateSkus } from './generate-skus';
import { seededRandom, settings } from './test-helpers';

const item = (productTitle: string, optionValues: string[] = [], variantId = 'v1') => ({
  variantId,
  productTitle,
  optionValues,
});

describe('productCode', () => {
  it('uses title initials and option codes joined by the delimiter', () => {
    expect(productCode(item('Classic Cotton T-Shirt', ['Black', 'M']), '-', 50)).toBe('CCT-BLA-M');
    expect(productCode(item('Classic Cotton T-Shirt', ['Black', 'M']), '', 50)).toBe('CCTBLAM');
    expect(productCode(item('Coffee Mug', ['Navy Blue', '350 ml']), '_', 50)).toBe('CM_NB_350M');
  });

  it('uses the leading letters of a one-word title or option', () => {
    expect(productCode(item('Mug', ['White']), '-', 50)).toBe('MUG-WHI');
    expect(productCode(item('Notebook'), '-', 50)).toBe('NOTE');
    expect(productCode(item('Café crème', ['Größe XL']), '.', 50)).toBe('CC.GX');
  });

  it('keeps numbers whole', () => {
    expect(productCode(item('iPhone 15 Case', ['1000', '2XL', '350ml']), '-', 50)).toBe(
      'I15C-1000-2XL-350M',
    );
    expect(productCode(item('Shoe', ['US 10.5']), '-', 50)).toBe('SHOE-U105');
  });

  it('uses at most three option values', () => {
    expect(productCode(item('Hat', ['Red', 'S', 'Wool', 'Extra']), '-', 50)).toBe('HAT-RED-S-WOO');
  });

  it('fits skuLength by shortening the longest segments, keeping every segment', () => {
    const shirt = item('Classic Cotton T-Shirt', ['Black', 'M']);
    expect(productCode(shirt, '-', 8)).toBe('CCT-BL-M');
    expect(productCode(shirt, '-', 7)).toBe('CC-BL-M');
    expect(productCode(shirt, '-', 5)).toBe('C-B-M');
    // Too short even for one character per segment: delimiters go, then the end is cut.
    expect(productCode(shirt, '-', 3)).toBe('CBM');
    expect(productCode(shirt, '-', 2)).toBe('CB');
    expect(productCode(shirt, '', 1)).toBe('C');
  });

  it('is empty when nothing readable is left', () => {
    expect(productCode(item('  ', ['']), '-', 8)).toBe('');
    expect(productCode(item('日本茶', ['緑']), '-', 8)).toBe('');
  });
});

describe('strategies through generateSkus', () => {
  const one = (
    s: ReturnType<typeof settings>,
    it = item('Classic Cotton T-Shirt', ['Black', 'M']),
  ) => generateSkus({ settings: s, items: [it], isTaken: () => false, random: seededRandom(1) });

  it('RANDOM draws skuLength characters from the set', () => {
    const { generated } = one(settings({ skuLength: 12, characterSet: 'NUMERIC' }));
    expect(generated[0]!.sku).toMatch(/^[0-9]{12}$/);
  });

  it('PRODUCT_BASED gives the readable code, wrapped with prefix and suffix', () => {
    const s = settings({ generationStrategy: 'PRODUCT_BASED', skuLength: 12, prefix: 'AC' });
    expect(one(s).generated).toEqual([{ variantId: 'v1', sku: 'AC-CCT-BLA-M' }]);
  });

  it('PRODUCT_BASED falls back to a random body when the title has no latin letters or digits', () => {
    const s = settings({ generationStrategy: 'PRODUCT_BASED', characterSet: 'ALPHABETIC' });
    expect(one(s, item('日本茶')).generated[0]!.sku).toMatch(/^[A-Z]{8}$/);
  });

  it('TEMPLATE expands the template and does not wrap {PREFIX}/{SUFFIX} twice', () => {
    const s = settings({
      generationStrategy: 'TEMPLATE',
      skuTemplate: '{PREFIX}{TITLE:3}-{OPTION1:3}-{OPTION2:1}-{SEQ:3}{SUFFIX}',
      skuLength: 30,
      prefix: 'AC',
      suffix: 'X',
    });
    expect(one(s).generated[0]!.sku).toBe('ACCLA-BLA-M-001X');
    const wrapped = { ...s, skuTemplate: '{TITLE:3}-{SEQ:3}{SUFFIX}' };
    expect(one(wrapped).generated[0]!.sku).toBe('AC-CLA-001X');
  });

  it('TEMPLATE numbers items from sequenceStart', () => {
    const s = settings({ generationStrategy: 'TEMPLATE', skuTemplate: 'P{SEQ:3}', prefix: 'AB' });
    const { generated } = generateSkus({
      settings: s,
      items: [item('A', [], 'a'), item('B', [], 'b'), item('C', [], 'c')],
      isTaken: () => false,
      random: seededRandom(1),
      sequenceStart: 41,
    });
    expect(generated.map((g) => g.sku)).toEqual(['AB-P041', 'AB-P042', 'AB-P043']);
  });

  it('TEMPLATE reports an empty result or an overflowing {SEQ} without retrying', () => {
    const calls: string[] = [];
    const s = settings({
      generationStrategy: 'TEMPLATE',
      skuTemplate: '{OPTION3:3}',
      maxRetries: 5,
    });
    const empty = generateSkus({
      settings: s,
      items: [item('Mug', ['Red'])],
      isTaken: (sku) => (calls.push(sku), false),
      random: seededRandom(1),
    });
    expect(empty.generated).toEqual([]);
    expect(empty.failed[0]!.reason).toContain('empty SKU');
    expect(calls).toEqual([]);

    const seq = { ...s, skuTemplate: 'A{SEQ:2}', skuLength: 3 };
    const overflow = generateSkus({
      settings: seq,
      items: [item('Mug', [], 'a'), item('Mug', [], 'b')],
      isTaken: () => false,
      random: seededRandom(1),
      sequenceStart: 99,
    });
    expect(overflow.generated).toEqual([{ variantId: 'a', sku: 'A99' }]);
    expect(overflow.failed).toEqual([
      { variantId: 'b', reason: expect.stringContaining('more than skuLength (3)') },
    ]);
  });
});
