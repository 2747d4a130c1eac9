import fc from 'fast-check';
import { defaultSkuSettings, type SkuSettings } from '@stocksync/contract';

export { seededRandom } from '../../../lib/random';

export function settings(overrides: Partial<SkuSettings> = {}): SkuSettings {
  return { ...defaultSkuSettings, ...overrides };
}

export const affixArb = fc.stringMatching(/^[A-Za-z0-9]{0,4}$/);
export const delimiterArb = fc.constantFrom('', '-', '_', '.', 'null' as const);
export const charsetArb = fc.constantFrom(
  'ALPHANUMERIC' as const,
  'ALPHABETIC' as const,
  'NUMERIC' as const,
  'CUSTOM' as const,
);
/** Distinct printable ASCII characters, distinct ignoring case (what the schema accepts). */
export const customCharactersArb = fc
  .uniqueArray(
    fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    { minLength: 1, maxLength: 20, selector: (ch) => ch.toUpperCase() },
  )
  .map((chars) => chars.join(''));

/** Valid RANDOM or PRODUCT_BASED settings. */
export const settingsArb = fc.record({
  prefix: affixArb,
  suffix: affixArb,
  delimiter: delimiterArb,
  autoCreate: fc.boolean(),
  generationStrategy: fc.constantFrom('RANDOM' as const, 'PRODUCT_BASED' as const),
  skuTemplate: fc.constant(''),
  skuLength: fc.integer({ min: 1, max: 50 }),
  characterSet: charsetArb,
  customCharacters: customCharactersArb,
  maxRetries: fc.integer({ min: 1, max: 10 }),
});

export const itemArb = fc.record({
  variantId: fc.uuid(),
  productTitle: fc.string({ maxLength: 40 }),
  optionValues: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
});
