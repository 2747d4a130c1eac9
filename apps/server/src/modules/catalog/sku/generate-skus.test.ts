import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SKU_MAX_TOTAL_LENGTH, type SkuSettings } from '@stocksync/contract';
import { characterSetOf, delimiterText, isTakenAmong, skuKey } from './charset';
import { generateSkus, previewSkus } from './generate-skus';
import { itemArb, seededRandom, settings, settingsArb } from './test-helpers';

const seedArb = fc.integer({ min: 0, max: 2 ** 31 });

/** Splits a SKU into prefix, body and suffix as the settings place them; fails if misplaced. */
function bodyOf(sku: string, s: SkuSettings, wrapPrefix = true, wrapSuffix = true): string {
  const d = delimiterText(s.delimiter);
  let rest = sku;
  if (wrapPrefix && s.prefix !== '') {
    expect(rest.startsWith(s.prefix + d)).toBe(true);
    rest = rest.slice(s.prefix.length + d.length);
  }
  if (wrapSuffix && s.suffix !== '') {
    expect(rest.endsWith(d + s.suffix)).toBe(true);
    rest = rest.slice(0, rest.length - s.suffix.length - d.length);
  }
  return rest;
}

const item = (productTitle: string, optionValues: string[] = [], variantId = 'v1') => ({
  variantId,
  productTitle,
  optionValues,
});

const SET_PATTERN = {
  ALPHANUMERIC: /^[A-Z0-9]*$/,
  ALPHABETIC: /^[A-Z]*$/,
  NUMERIC: /^[0-9]*$/,
} as const;

describe('character sets', () => {
  it('are uppercase A-Z0-9, A-Z, 0-9, or exactly the custom characters', () => {
    const chars = (characterSet: SkuSettings['characterSet']) =>
      characterSetOf({ characterSet, customCharacters: 'x!7' });
    expect(chars('ALPHANUMERIC')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    expect(chars('ALPHABETIC')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(chars('NUMERIC')).toBe('0123456789');
    expect(chars('CUSTOM')).toBe('x!7');
  });
});

describe('generateSkus properties', () => {
  it('RANDOM: the body is exactly skuLength characters from the set, wrapped by prefix/suffix', () => {
    fc.assert(
      fc.property(settingsArb, fc.array(itemArb, { maxLength: 5 }), seedArb, (s0, items, seed) => {
        const s = { ...s0, generationStrategy: 'RANDOM' as const, maxRetries: 10 };
        const chars = characterSetOf(s);
        const { generated } = generateSkus({
          settings: s,
          items,
          isTaken: () => false,
          random: seededRandom(seed),
        });
        for (const { sku } of generated) {
          const body = bodyOf(sku, s);
          expect(body).toHaveLength(s.skuLength);
          for (const ch of body) expect(chars).toContain(ch);
          if (s.characterSet !== 'CUSTOM') expect(body).toMatch(SET_PATTERN[s.characterSet]);
          const d = delimiterText(s.delimiter).length;
          const wrapLength =
            (s.prefix ? s.prefix.length + d : 0) + (s.suffix ? s.suffix.length + d : 0);
          expect(sku).toHaveLength(wrapLength + s.skuLength);
        }
      }),
    );
  });

  it('PRODUCT_BASED: the body is non-empty, at most skuLength, inside prefix/suffix', () => {
    fc.assert(
      fc.property(settingsArb, fc.array(itemArb, { maxLength: 5 }), seedArb, (s0, items, seed) => {
        const s = { ...s0, generationStrategy: 'PRODUCT_BASED' as const };
        const allowed = new Set(characterSetOf(s) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
        const d = delimiterText(s.delimiter);
        const { generated } = generateSkus({
          settings: s,
          items,
          isTaken: () => false,
          random: seededRandom(seed),
        });
        for (const { sku } of generated) {
          const body = bodyOf(sku, s);
          expect(body.length).toBeGreaterThan(0);
          expect(body.length).toBeLessThanOrEqual(s.skuLength);
          expect(sku.length).toBeLessThanOrEqual(SKU_MAX_TOTAL_LENGTH);
          for (const ch of body) expect(allowed.has(ch) || ch === d).toBe(true);
        }
      }),
    );
  });

  it('TEMPLATE: any valid template yields a body within skuLength or a reported failure', () => {
    const piece = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('TITLE', 'OPTION1', 'OPTION2', 'OPTION3', 'SEQ', 'RANDOM'),
          fc.integer({ min: 1, max: 6 }),
        )
        .map(([name, n]) => ({ text: `{${name}:${n}}`, max: n })),
      fc.stringMatching(/^[A-Z0-9._-]{1,3}$/).map((text) => ({ text, max: text.length })),
    );
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(piece, { minLength: 1, maxLength: 6 }),
        fc.array(itemArb, { maxLength: 5 }),
        seedArb,
        (s0, pieces, items, seed) => {
          const nominal = pieces.reduce((sum, p) => sum + p.max, 0);
          const s: SkuSettings = {
            ...s0,
            generationStrategy: 'TEMPLATE',
            skuTemplate: pieces.map((p) => p.text).join(''),
            skuLength: Math.min(50, nominal + (seed % 5)),
          };
          const { generated, failed } = generateSkus({
            settings: s,
            items,
            isTaken: () => false,
            random: seededRandom(seed),
          });
          expect(generated.length + failed.length).toBe(items.length);
          for (const { sku } of generated) {
            const body = bodyOf(sku, s);
            expect(body.length).toBeGreaterThan(0);
            expect(body.length).toBeLessThanOrEqual(s.skuLength);
          }
          // Nothing is taken and sequence numbers fit, so a variant fails only on an empty
          // expansion, or when a tiny character set keeps giving a SKU this batch already used.
          const used = new Set(generated.map(({ sku }) => sku.toLowerCase()));
          for (const f of failed) {
            const collided = /last tried '(.*)'\)/.exec(f.reason);
            if (collided) expect(used.has(collided[1]!.toLowerCase())).toBe(true);
            else expect(f.reason).toContain('empty SKU');
          }
        },
      ),
    );
  });

  it('each delimiter (none for "" and "null") separates prefix, body and suffix', () => {
    fc.assert(
      fc.property(settingsArb, seedArb, (s0, seed) => {
        const s = {
          ...s0,
          generationStrategy: 'RANDOM' as const,
          characterSet: 'NUMERIC' as const,
        };
        const [generated] = generateSkus({
          settings: s,
          items: [item('Mug')],
          isTaken: () => false,
          random: seededRandom(seed),
        }).generated;
        const d = s.delimiter === 'null' ? '' : s.delimiter;
        const body = bodyOf(generated!.sku, s);
        expect(generated!.sku).toBe([s.prefix, body, s.suffix].filter(Boolean).join(d));
        expect(generated!.sku.includes('null')).toBe(false);
      }),
    );
  });

  it('never repeats a SKU in a batch or reuses a taken one (ignoring case); every item is answered', () => {
    fc.assert(
      fc.property(
        settingsArb.map((s) => ({ ...s, skuLength: 1 + (s.skuLength % 3) })), // force collisions
        fc.array(itemArb, { maxLength: 30 }),
        fc.array(fc.string({ maxLength: 14 }), { maxLength: 30 }),
        seedArb,
        (s, items, randomExisting, seed) => {
          const earlier = generateSkus({
            settings: s,
            items,
            isTaken: () => false,
            random: seededRandom(seed + 1),
          }).generated.map((g) => (seed % 2 ? g.sku.toLowerCase() : g.sku));
          const existing = [...earlier, ...randomExisting];
          const isTaken = isTakenAmong(existing);
          const { generated, failed } = generateSkus({
            settings: s,
            items,
            isTaken,
            random: seededRandom(seed),
          });
          const keys = generated.map((g) => skuKey(g.sku));
          expect(new Set(keys).size).toBe(keys.length);
          for (const g of generated) expect(isTaken(g.sku)).toBe(false);
          const answered = [...generated, ...failed].map((r) => r.variantId).sort();
          expect(answered).toEqual(items.map((i) => i.variantId).sort());
          for (const f of failed) expect(f.reason).toContain(`${s.maxRetries + 1} attempts`);
        },
      ),
    );
  });

  it('gives up on an item after exactly maxRetries + 1 attempts when everything is taken', () => {
    fc.assert(
      fc.property(settingsArb, fc.array(itemArb, { maxLength: 8 }), seedArb, (s, items, seed) => {
        let calls = 0;
        const { generated, failed } = generateSkus({
          settings: s,
          items,
          isTaken: () => (calls++, true),
          random: seededRandom(seed),
        });
        expect(generated).toEqual([]);
        expect(failed.map((f) => f.variantId)).toEqual(items.map((i) => i.variantId));
        expect(calls).toBe(items.length * (s.maxRetries + 1));
      }),
    );
  });

  it('succeeds exactly when the first free candidate comes within maxRetries retries', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer({ min: 0, max: 13 }), seedArb, (s, takenCount, seed) => {
        let calls = 0;
        const { generated, failed } = generateSkus({
          settings: s,
          items: [item('Classic Cotton T-Shirt', ['Black', 'M'])],
          isTaken: () => calls++ < takenCount,
          random: seededRandom(seed),
        });
        const succeeds = takenCount <= s.maxRetries;
        expect(generated).toHaveLength(succeeds ? 1 : 0);
        expect(failed).toHaveLength(succeeds ? 0 : 1);
        expect(calls).toBe(Math.min(takenCount + 1, s.maxRetries + 1));
      }),
    );
  });

  it('is deterministic for a given random source', () => {
    fc.assert(
      fc.property(settingsArb, fc.array(itemArb, { maxLength: 8 }), seedArb, (s, items, seed) => {
        const run = () =>
          generateSkus({ settings: s, items, isTaken: () => false, random: seededRandom(seed) });
        expect(run()).toEqual(run());
      }),
    );
  });
});

describe('generateSkus retries and collisions', () => {
  /** Every candidate tried for one item when everything is taken. */
  function candidates(s: SkuSettings, it = item('Classic Cotton T-Shirt', ['Black', 'M'])) {
    const tried: string[] = [];
    generateSkus({
      settings: s,
      items: [it],
      isTaken: (sku) => (tried.push(sku), true),
      random: seededRandom(7),
    });
    return tried;
  }

  it('PRODUCT_BASED retries add a growing random tail within skuLength', () => {
    const s = settings({
      generationStrategy: 'PRODUCT_BASED',
      skuLength: 20,
      maxRetries: 4,
      characterSet: 'CUSTOM',
      customCharacters: 'X', // even a one-character set gives new values
    });
    expect(candidates(s)).toEqual([
      'CCT-BLA-M',
      'CCT-BLA-M-XXX',
      'CCT-BLA-M-XXXX',
      'CCT-BLA-M-XXXXX',
      'CCT-BLA-M-XXXXXX',
    ]);
    const tight = candidates({ ...s, skuLength: 9, maxRetries: 3, customCharacters: 'Q' });
    expect(tight).toEqual(['CCT-BLA-M', 'CCT-B-QQQ', 'CCT-QQQQ', 'CCT-QQQQQ']);
  });

  it('TEMPLATE without {RANDOM} gets a tail; with {RANDOM} the random part is re-drawn', () => {
    const s = settings({
      generationStrategy: 'TEMPLATE',
      skuTemplate: '{TITLE:3}-{SEQ:2}',
      skuLength: 12,
      maxRetries: 2,
      characterSet: 'NUMERIC',
    });
    const tailed = candidates(s);
    expect(tailed[0]).toBe('CLA-01');
    expect(tailed[1]).toMatch(/^CLA-01-[0-9]{3}$/);
    expect(tailed[2]).toMatch(/^CLA-01-[0-9]{4}$/);

    const redrawn = candidates({ ...s, skuTemplate: '{TITLE:3}{RANDOM:6}', maxRetries: 5 });
    expect(redrawn).toHaveLength(6);
    for (const sku of redrawn) expect(sku).toMatch(/^CLA[0-9]{6}$/);
    expect(new Set(redrawn).size).toBe(6);
  });

  it('RANDOM retries draw a new value each time', () => {
    const tried = candidates(settings({ maxRetries: 10 }));
    expect(tried).toHaveLength(11);
    expect(new Set(tried).size).toBe(11);
  });

  it('a collision inside the batch is resolved without asking isTaken again', () => {
    const tried: string[] = [];
    const { generated, failed } = generateSkus({
      settings: settings({ generationStrategy: 'PRODUCT_BASED', skuLength: 20 }),
      items: [item('Coffee Mug', ['Red'], 'a'), item('Coffee Mug', ['Red'], 'b')],
      isTaken: (sku) => (tried.push(sku), false),
      random: seededRandom(3),
    });
    expect(failed).toEqual([]);
    expect(generated[0]).toEqual({ variantId: 'a', sku: 'CM-RED' });
    expect(generated[1]!.sku).toMatch(/^CM-RED-[A-Z0-9]{3}$/);
    expect(tried).toEqual(['CM-RED', generated[1]!.sku]);
  });

  it('compares case-insensitively with existing SKUs', () => {
    const { generated } = generateSkus({
      settings: settings({ generationStrategy: 'PRODUCT_BASED', prefix: 'ac', skuLength: 20 }),
      items: [item('Coffee Mug', ['Red'])],
      isTaken: isTakenAmong(['AC-cm-red']),
      random: seededRandom(3),
    });
    expect(generated[0]!.sku).toMatch(/^ac-CM-RED-[A-Z0-9]{3}$/);
  });

  it('one failing item does not stop the others', () => {
    const { generated, failed } = generateSkus({
      settings: settings({ generationStrategy: 'PRODUCT_BASED', maxRetries: 1, skuLength: 20 }),
      items: [item('Mug', [], 'a'), item('Bowl', [], 'b'), item('Cup', [], 'c')],
      isTaken: (sku) => sku.startsWith('BOWL'),
      random: seededRandom(3),
    });
    expect(generated).toEqual([
      { variantId: 'a', sku: 'MUG' },
      { variantId: 'c', sku: 'CUP' },
    ]);
    expect(failed).toEqual([
      { variantId: 'b', reason: expect.stringContaining('after 2 attempts') },
    ]);
  });

  it('rejects invalid settings and a bad sequenceStart instead of guessing', () => {
    const base = { items: [item('Mug')], isTaken: () => false, random: seededRandom(1) };
    expect(() => generateSkus({ ...base, settings: settings({ prefix: 'TOOLONG' }) })).toThrow(
      'Invalid SKU settings: prefix: Prefix cannot be longer than 4 characters',
    );
    expect(() =>
      generateSkus({
        ...base,
        settings: settings({ generationStrategy: 'TEMPLATE', skuTemplate: '{NOPE}' }),
      }),
    ).toThrow('unknown token {NOPE}');
    expect(() => generateSkus({ ...base, settings: settings(), sequenceStart: -1 })).toThrow(
      RangeError,
    );
  });
});

describe('previewSkus', () => {
  it('shows one SKU per sample product, cycling through the samples', () => {
    const s = settings({ generationStrategy: 'PRODUCT_BASED', prefix: 'AC', skuLength: 10 });
    const preview = previewSkus(s, 8, seededRandom(1));
    expect(preview).toHaveLength(8);
    expect(preview[0]).toEqual({
      productTitle: 'Classic Cotton T-Shirt',
      optionValues: ['Black', 'M'],
      sku: 'AC-CCT-BLA-M',
      reason: null,
    });
    expect(preview[6]!.productTitle).toBe(preview[0]!.productTitle);
    const skus = preview.map((p) => p.sku);
    expect(skus.every((sku) => sku !== null)).toBe(true);
    expect(new Set(skus).size).toBe(8);
  });

  it('explains samples the template cannot fill and clamps the count', () => {
    const s = settings({ generationStrategy: 'TEMPLATE', skuTemplate: '{OPTION3:3}{SEQ:2}' });
    const preview = previewSkus(s, 6, seededRandom(1));
    expect(preview.map((p) => p.sku)).toEqual(['01', '02', '03', '04', 'WID05', '06']);
    expect(previewSkus({ ...s, skuTemplate: '{OPTION3:3}' }, 1, seededRandom(1))[0]).toMatchObject({
      sku: null,
      reason: expect.stringContaining('empty SKU'),
    });
    expect(previewSkus(s, 1000, seededRandom(1))).toHaveLength(20);
    expect(previewSkus(s, -3, seededRandom(1))).toEqual([]);
  });
});
