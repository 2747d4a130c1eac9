import type { SkuDelimiter, SkuSettings } from '@stocksync/contract';

/** Source of randomness in [0, 1); injected so the engine stays pure and tests are reproducible. */
export type RandomSource = () => number;

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** The characters RANDOM bodies, {RANDOM:n} and retry tails are drawn from. */
export function characterSetOf(settings: Pick<SkuSettings, 'characterSet' | 'customCharacters'>) {
  switch (settings.characterSet) {
    case 'ALPHANUMERIC':
      return UPPER + DIGITS;
    case 'ALPHABETIC':
      return UPPER;
    case 'NUMERIC':
      return DIGITS;
    case 'CUSTOM':
      return settings.customCharacters;
  }
}

/** n characters drawn uniformly from `chars`. */
export function draw(chars: string, n: number, random: RandomSource): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    // Clamp so a source returning exactly 1 (or garbage) cannot index past the end.
    const r = random();
    const index = Math.min(chars.length - 1, Math.max(0, Math.floor(r * chars.length) || 0));
    out += chars[index];
  }
  return out;
}

/** 'null' and '' both mean "no delimiter". */
export function delimiterText(delimiter: SkuDelimiter): string {
  return delimiter === 'null' ? '' : delimiter;
}

/**
 * Uppercase ASCII letters and digits of `text`, accents folded ('Crème' -> 'CREME'); everything
 * else dropped. Used for every part derived from product data.
 */
export function codeOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * SKUs are unique per organisation case-insensitively; this is the comparison key. Callers
 * building `isTaken` from existing SKUs should compare with it too (see `isTakenAmong`).
 */
export function skuKey(sku: string): string {
  return sku.toLowerCase();
}

/** Case-insensitive `isTaken` over a list of existing SKUs (e.g. the result of one query). */
export function isTakenAmong(existing: Iterable<string>): (sku: string) => boolean {
  const keys = new Set<string>();
  for (const sku of existing) keys.add(skuKey(sku));
  return (sku) => keys.has(skuKey(sku));
}
