import type { SkuSettings, SkuTemplatePart } from '@stocksync/contract';
import { codeOf, draw, type RandomSource } from './charset';
import { expandTemplate, templateUses } from './template';

/** One variant to fill. Only the first three option values are used. */
export interface SkuItem {
  variantId: string;
  productTitle: string;
  optionValues: readonly string[];
}

export type BodyResult = { ok: true; body: string } | { ok: false; reason: string };

/** Makes the body (the part between prefix and suffix) for attempt 0 and retries 1..maxRetries. */
export type BodyMaker = (attempt: number) => BodyResult;

export interface StrategyContext {
  settings: SkuSettings;
  /** Parsed skuTemplate; only for TEMPLATE. */
  templateParts: readonly SkuTemplatePart[];
  chars: string;
  delimiter: string;
  random: RandomSource;
}

export function bodyMaker(ctx: StrategyContext, item: SkuItem, seq: number): BodyMaker {
  const { settings, chars, random } = ctx;
  switch (settings.generationStrategy) {
    case 'RANDOM':
      // Every attempt is a fresh draw, so a retry is as likely to be free as the first try.
      return () => ({ ok: true, body: draw(chars, settings.skuLength, random) });

    case 'PRODUCT_BASED': {
      const base = productCode(item, ctx.delimiter, settings.skuLength);
      // A title and options with no latin letters or digits give nothing readable: draw instead.
      if (base === '') return () => ({ ok: true, body: draw(chars, settings.skuLength, random) });
      return (attempt) => ({ ok: true, body: withTail(base, attempt, ctx) });
    }

    case 'TEMPLATE': {
      const parts = ctx.templateParts;
      const expand = () =>
        expandTemplate(parts, {
          prefix: settings.prefix,
          suffix: settings.suffix,
          productTitle: item.productTitle,
          optionValues: item.optionValues,
          seq,
          chars,
          random,
        });
      const check = (body: string): BodyResult => {
        if (body === '') {
          return {
            ok: false,
            reason:
              'The SKU template produced an empty SKU (the title or options it uses are empty)',
          };
        }
        if (body.length > settings.skuLength) {
          return {
            ok: false,
            reason: `The SKU template produced ${body.length} characters, more than skuLength (${settings.skuLength}); is {SEQ} wide enough?`,
          };
        }
        return { ok: true, body };
      };
      // {RANDOM:n} is re-drawn on every attempt; a template without it gets a random tail instead.
      if (templateUses(parts, 'RANDOM')) return () => check(expand());
      const first = check(expand());
      return (attempt) =>
        first.ok ? { ok: true, body: withTail(first.body, attempt, ctx) } : first;
    }
  }
}

/**
 * Retry tail for deterministic bodies: attempt 0 is the base itself; retry r appends delimiter +
 * (2 + r) random characters, cutting the base so the body stays within skuLength. The tail grows
 * with each retry so that even a one-character set produces a new value.
 */
export function withTail(base: string, attempt: number, ctx: StrategyContext): string {
  if (attempt === 0) return base;
  const max = ctx.settings.skuLength;
  const tail = draw(ctx.chars, Math.min(2 + attempt, max), ctx.random);
  const room = max - tail.length - ctx.delimiter.length;
  const kept = room > 0 ? base.slice(0, room).replace(/[-_.]+$/, '') : '';
  return kept === '' ? tail : kept + ctx.delimiter + tail;
}

/**
 * Readable code from title and options, e.g. 'Classic Cotton T-Shirt' / ['Black', 'M'] ->
 * 'CCT-BLA-M': several words give their initials, one word its leading letters, and numbers are
 * kept whole ('350 ml' -> '350M') because sizes often differ only in them. Segments are joined
 * with the delimiter and shortened to fit within maxLength.
 */
export function productCode(item: SkuItem, delimiter: string, maxLength: number): string {
  const segments = [
    wordsCode(item.productTitle, 5, 4),
    ...item.optionValues.slice(0, 3).map((value) => wordsCode(value, 3, 3)),
  ].filter((segment) => segment !== '');
  return fit(segments, delimiter, maxLength);
}

function wordsCode(text: string, maxWords: number, singleWordLength: number): string {
  const words = text
    .split(/\s+/)
    .map(codeOf)
    .filter((word) => word !== '');
  const digits = (word: string) => /^[0-9]*/.exec(word)![0];
  if (words.length === 1) {
    const word = words[0]!;
    return word.slice(0, Math.max(singleWordLength, digits(word).length + 1));
  }
  return words
    .slice(0, maxWords)
    .map((word) => digits(word) || word[0])
    .join('');
}

// Shortens the longest segment (the rightmost on ties, so the product's title code survives
// longest) one character at a time; if single characters still do not fit, drops the delimiters.
function fit(segments: string[], delimiter: string, maxLength: number): string {
  const parts = [...segments];
  const length = () => parts.join(delimiter).length;
  while (length() > maxLength) {
    let longest = 0;
    parts.forEach((part, i) => {
      if (part.length >= parts[longest]!.length) longest = i;
    });
    if (parts[longest]!.length <= 1) return parts.join('').slice(0, maxLength);
    parts[longest] = parts[longest]!.slice(0, -1);
  }
  return parts.join(delimiter);
}
