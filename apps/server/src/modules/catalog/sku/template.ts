import type { SkuTemplatePart } from '@stocksync/contract';
import { codeOf, draw, type RandomSource } from './charset';

export interface TemplateContext {
  prefix: string;
  suffix: string;
  productTitle: string;
  optionValues: readonly string[];
  /** This item's sequence number ({SEQ:n}). */
  seq: number;
  /** Character set for {RANDOM:n}. */
  chars: string;
  random: RandomSource;
}

const OPTION_INDEX = { OPTION1: 0, OPTION2: 1, OPTION3: 2 } as const;

/**
 * Expands parsed template parts (see parseSkuTemplate in the contract). Literal text is kept, but a
 * run of separators ('-', '_', '.') is collapsed to its first character and separators at the ends
 * are dropped, so an empty {OPTION2:n} does not leave 'TSH--0001' or a trailing '-'.
 */
export function expandTemplate(parts: readonly SkuTemplatePart[], ctx: TemplateContext): string {
  let out = '';
  for (const part of parts) {
    switch (part.kind) {
      case 'literal':
        out += part.text;
        break;
      case 'PREFIX':
        out += ctx.prefix;
        break;
      case 'SUFFIX':
        out += ctx.suffix;
        break;
      case 'TITLE':
        out += codeOf(ctx.productTitle).slice(0, part.width);
        break;
      case 'OPTION1':
      case 'OPTION2':
      case 'OPTION3':
        out += codeOf(ctx.optionValues[OPTION_INDEX[part.kind]] ?? '').slice(0, part.width);
        break;
      case 'SEQ':
        // Zero-padded; a number with more digits than the width is written in full, never cut.
        out += String(ctx.seq).padStart(part.width, '0');
        break;
      case 'RANDOM':
        out += draw(ctx.chars, part.width, ctx.random);
        break;
    }
  }
  return out.replace(/([-_.])[-_.]+/g, '$1').replace(/^[-_.]+|[-_.]+$/g, '');
}

export function templateUses(parts: readonly SkuTemplatePart[], kind: SkuTemplatePart['kind']) {
  return parts.some((part) => part.kind === kind);
}
