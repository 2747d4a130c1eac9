import type { SkuCharacterSet, SkuDelimiter, SkuGenerationStrategy } from '@stocksync/contract';

export const DELIMITER_LABELS: Record<SkuDelimiter, string> = {
  '-': 'Hyphen ( - )',
  _: 'Underscore ( _ )',
  '.': 'Dot ( . )',
  '': 'Empty (parts run together)',
  null: 'None',
};

export const STRATEGY_LABELS: Record<SkuGenerationStrategy, { label: string; help: string }> = {
  RANDOM: { label: 'Random', help: 'SKU length characters drawn from the character set.' },
  PRODUCT_BASED: {
    label: 'Product based',
    help: 'A readable code from the product title and the variant options.',
  },
  TEMPLATE: { label: 'Template', help: 'Your own pattern of text and tokens.' },
};

export const CHARACTER_SET_LABELS: Record<SkuCharacterSet, string> = {
  ALPHANUMERIC: 'Letters and digits (A–Z, 0–9)',
  ALPHABETIC: 'Letters (A–Z)',
  NUMERIC: 'Digits (0–9)',
  CUSTOM: 'Custom characters',
};
