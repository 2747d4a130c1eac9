import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultSkuSettings,
  parseSkuTemplate,
  skuSettingsSchema,
  type SkuSettings,
} from '@stocksync/contract';
import { settings, settingsArb } from './test-helpers';

/** Messages of the issues at `field` (empty when the value is accepted there). */
function messagesAt(input: unknown, field: string): string[] {
  const result = skuSettingsSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
}

const template = (skuTemplate: string, extra: Partial<SkuSettings> = {}) =>
  settings({ generationStrategy: 'TEMPLATE', skuTemplate, skuLength: 50, ...extra });

describe('skuSettingsSchema: prefix and suffix', () => {
  it('accepts the defaults and any valid settings', () => {
    expect(skuSettingsSchema.parse(defaultSkuSettings)).toEqual(defaultSkuSettings);
    fc.assert(fc.property(settingsArb, (s) => skuSettingsSchema.safeParse(s).success));
  });

  for (const field of ['prefix', 'suffix'] as const) {
    const label = field === 'prefix' ? 'Prefix' : 'Suffix';

    it(`rejects any ${field} longer than 4 characters with 'longer than 4 characters'`, () => {
      fc.assert(
        fc.property(fc.string({ minLength: 5, maxLength: 30 }), (value) => {
          const messages = messagesAt(settings({ [field]: value }), field);
          expect(messages).toContain(`${label} cannot be longer than 4 characters`);
        }),
      );
    });

    it(`rejects any ${field} with a non-alphanumeric character`, () => {
      const bad = fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9]{0,3}$/),
          fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9]/.test(c)),
        )
        .map(([ok, c]) => ok + c);
      fc.assert(
        fc.property(bad, (value) => {
          expect(messagesAt(settings({ [field]: value }), field)).toContain(
            'Only alphanumeric characters allowed',
          );
        }),
      );
    });

    it(`accepts any ${field} of 0 to 4 letters and digits`, () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[A-Za-z0-9]{0,4}$/), (value) => {
          expect(messagesAt(settings({ [field]: value }), field)).toEqual([]);
        }),
      );
      expect(messagesAt(settings({ [field]: '' }), field)).toEqual([]);
      expect(messagesAt(settings({ [field]: 'ÄB' }), field)).toEqual([
        'Only alphanumeric characters allowed',
      ]);
    });
  }
});

describe('skuSettingsSchema: numbers and enums', () => {
  for (const [field, min, max] of [
    ['skuLength', 1, 50],
    ['maxRetries', 1, 10],
  ] as const) {
    it(`${field} accepts whole numbers ${min}..${max} only, naming the field`, () => {
      fc.assert(
        fc.property(fc.integer({ min, max }), (n) => {
          expect(messagesAt(settings({ [field]: n }), field)).toEqual([]);
        }),
      );
      const outside = fc.oneof(
        fc.integer({ max: min - 1 }),
        fc.integer({ min: max + 1 }),
        fc.double({ min, max, noInteger: true }),
        fc.constant(Number.NaN),
      );
      fc.assert(
        fc.property(outside, (n) => {
          const messages = messagesAt(settings({ [field]: n }), field);
          expect(messages.length).toBeGreaterThan(0);
          for (const m of messages) expect(m).toContain(field);
        }),
      );
      for (const n of [min - 1, max + 1]) {
        expect(messagesAt(settings({ [field]: n }), field)).toEqual([
          `${field} must be a whole number from ${min} to ${max}`,
        ]);
      }
      for (const n of [min, max]) expect(messagesAt(settings({ [field]: n }), field)).toEqual([]);
      expect(messagesAt(settings({ [field]: '8' as never }), field)[0]).toContain(field);
    });
  }

  it('delimiter is one of the five allowed values', () => {
    for (const delimiter of ['', '-', '_', '.', 'null'] as const) {
      expect(messagesAt(settings({ delimiter }), 'delimiter')).toEqual([]);
    }
    for (const delimiter of ['/', ' ', '--', 'NULL', 'none']) {
      expect(messagesAt(settings({ delimiter: delimiter as never }), 'delimiter')[0]).toContain(
        'delimiter',
      );
    }
  });

  it('enums and booleans name their field', () => {
    expect(
      messagesAt(settings({ generationStrategy: 'SMART' as never }), 'generationStrategy')[0],
    ).toContain('generationStrategy');
    expect(messagesAt(settings({ characterSet: 'HEX' as never }), 'characterSet')[0]).toContain(
      'characterSet',
    );
    expect(messagesAt(settings({ autoCreate: 'yes' as never }), 'autoCreate')[0]).toContain(
      'autoCreate',
    );
  });
});

describe('skuSettingsSchema: customCharacters', () => {
  const custom = (customCharacters: string) =>
    messagesAt(settings({ characterSet: 'CUSTOM', customCharacters }), 'customCharacters');

  it('is required, printable, without whitespace and without repeats when CUSTOM', () => {
    expect(custom('ABC123')).toEqual([]);
    expect(custom('x')).toEqual([]);
    expect(custom('!#%')).toEqual([]);
    expect(custom('')).toEqual(['customCharacters is required when characterSet is CUSTOM']);
    expect(custom('AB C')[0]).toContain('without spaces');
    // A tab is a control character: the contract's text rule (ADR 0035) refuses it first.
    expect(custom('AB\tC')[0]).toContain('control characters');
    expect(custom('ABé')[0]).toContain('printable ASCII');
    expect(custom('ABA')[0]).toContain('must not repeat');
    expect(custom('aA')[0]).toContain('must not repeat');
  });

  it('is not checked when the character set is not CUSTOM', () => {
    expect(messagesAt(settings({ customCharacters: '' }), 'customCharacters')).toEqual([]);
    expect(messagesAt(settings({ customCharacters: 'a a' }), 'customCharacters')).toEqual([]);
  });
});

describe('skuSettingsSchema: skuTemplate', () => {
  const problems = (t: string, extra?: Partial<SkuSettings>) =>
    messagesAt(template(t, extra), 'skuTemplate');

  it('accepts templates made of known tokens and safe literal text', () => {
    for (const t of [
      '{PREFIX}-{TITLE:3}-{OPTION1:2}-{SEQ:4}',
      '{TITLE:3}{OPTION1:2}{OPTION2:2}{OPTION3:2}{RANDOM:4}{SUFFIX}',
      'ACME.{SEQ:6}_x',
      '{RANDOM:50}',
      'PLAIN',
    ]) {
      expect(problems(t), t).toEqual([]);
    }
  });

  it('is required when the strategy is TEMPLATE and ignored otherwise', () => {
    expect(problems('')).toEqual(['skuTemplate is required when generationStrategy is TEMPLATE']);
    expect(messagesAt(settings({ skuTemplate: '{NOPE}' }), 'skuTemplate')).toEqual([]);
  });

  it('rejects unknown or malformed tokens with a message naming skuTemplate', () => {
    const cases: [string, string][] = [
      ['{SKU:3}', 'unknown token {SKU:3}'],
      ['{title:3}', 'unknown token {title:3}'],
      ['{}', 'unknown token {}'],
      ['{TITLE:-1}', 'unknown token {TITLE:-1}'],
      ['{TITLE}', '{TITLE} needs a length'],
      ['{SEQ:0}', '{SEQ:0} needs a length from 1 to 50'],
      ['{RANDOM:51}', '{RANDOM:51} needs a length'],
      ['{PREFIX:2}', '{PREFIX} takes no length'],
      ['{TITLE:3', "'{' without a matching '}'"],
      ['{TITLE:{SEQ:2}}', "'{' without a matching '}'"],
      ['AB}', "'}' without a matching '{'"],
      ['AB {SEQ:2}', 'only contain letters, digits'],
      ['AB/{SEQ:2}', 'only contain letters, digits'],
    ];
    for (const [t, expected] of cases) {
      const messages = problems(t);
      expect(messages, t).toHaveLength(1);
      expect(messages[0], t).toContain('skuTemplate');
      expect(messages[0], t).toContain(expected);
    }
  });

  it('rejects a template that can produce more than skuLength characters', () => {
    expect(problems('{TITLE:3}-{SEQ:4}', { skuLength: 8 })).toEqual([]);
    expect(problems('{TITLE:3}-{SEQ:5}', { skuLength: 8 })).toEqual([
      'skuTemplate can produce 9 characters, more than skuLength (8)',
    ]);
    // {PREFIX} counts as the prefix actually configured.
    expect(problems('{PREFIX}{SEQ:4}', { skuLength: 8, prefix: 'ABCD' })).toEqual([]);
    expect(problems('{PREFIX}{SEQ:4}', { skuLength: 7, prefix: 'ABCD' })[0]).toContain(
      'can produce 8 characters',
    );
  });

  it('parses every combination of known tokens and literals', () => {
    const token = fc.oneof(
      fc.constantFrom('{PREFIX}', '{SUFFIX}'),
      fc
        .tuple(
          fc.constantFrom('TITLE', 'OPTION1', 'OPTION2', 'OPTION3', 'SEQ', 'RANDOM'),
          fc.integer({ min: 1, max: 50 }),
        )
        .map(([name, n]) => `{${name}:${n}}`),
      fc.stringMatching(/^[A-Za-z0-9._-]{1,5}$/),
    );
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 8 }), (pieces) => {
        const parsed = parseSkuTemplate(pieces.join(''));
        expect(parsed.ok).toBe(true);
      }),
    );
  });

  it('rejects any brace content that is not a known token', () => {
    const known = /^(PREFIX|SUFFIX|(TITLE|OPTION[123]|SEQ|RANDOM):\d+)$/;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((s) => !/[{}]/.test(s) && !known.test(s)),
        (inner) => {
          const parsed = parseSkuTemplate(`A{${inner}}`);
          expect(parsed.ok).toBe(false);
        },
      ),
    );
  });
});
