import { z } from 'zod';
import { textSchema } from './text';

/*
 * SKU settings (spec §3, §5, §9): one row per organisation. The template grammar lives here, not in
 * the server, so the settings screen and the API reject exactly the same templates.
 *
 * Length semantics: skuLength is the length of the body, the part between prefix and suffix. RANDOM
 * bodies are exactly skuLength long; PRODUCT_BASED and TEMPLATE bodies are at most skuLength long.
 * A complete SKU is therefore at most 4 + 1 + 50 + 1 + 4 = SKU_MAX_TOTAL_LENGTH characters.
 * SKUs are unique per organisation case-insensitively ('abc-1' and 'ABC-1' are the same SKU).
 */

export const SKU_AFFIX_MAX_LENGTH = 4;
export const SKU_LENGTH_MIN = 1;
export const SKU_LENGTH_MAX = 50;
export const SKU_MAX_RETRIES_MIN = 1;
export const SKU_MAX_RETRIES_MAX = 10;
export const SKU_TEMPLATE_MAX_CHARS = 200;
export const SKU_CUSTOM_CHARACTERS_MAX = 100;
export const SKU_MAX_TOTAL_LENGTH = 2 * SKU_AFFIX_MAX_LENGTH + 2 + SKU_LENGTH_MAX;

export const skuDelimiters = ['', '-', '_', '.', 'null'] as const;
export const skuGenerationStrategies = ['RANDOM', 'PRODUCT_BASED', 'TEMPLATE'] as const;
export const skuCharacterSets = ['ALPHANUMERIC', 'ALPHABETIC', 'NUMERIC', 'CUSTOM'] as const;

export type SkuDelimiter = (typeof skuDelimiters)[number];
export type SkuGenerationStrategy = (typeof skuGenerationStrategies)[number];
export type SkuCharacterSet = (typeof skuCharacterSets)[number];

export const skuSettingsMessages = {
  prefixTooLong: `Prefix cannot be longer than ${SKU_AFFIX_MAX_LENGTH} characters`,
  suffixTooLong: `Suffix cannot be longer than ${SKU_AFFIX_MAX_LENGTH} characters`,
  alphanumericOnly: 'Only alphanumeric characters allowed',
  templateRequired: 'skuTemplate is required when generationStrategy is TEMPLATE',
  customCharactersRequired: 'customCharacters is required when characterSet is CUSTOM',
} as const;

// Prefix and suffix: ASCII letters and digits only, empty allowed.
function affixSchema(field: 'Prefix' | 'Suffix', tooLong: string) {
  return z
    .string({ error: `${field} must be text` })
    .max(SKU_AFFIX_MAX_LENGTH, tooLong)
    .regex(/^[A-Za-z0-9]*$/, skuSettingsMessages.alphanumericOnly);
}

function intInRange(field: string, min: number, max: number) {
  const range = `${field} must be a whole number from ${min} to ${max}`;
  return z.number({ error: range }).int(range).min(min, range).max(max, range);
}

// ---------------------------------------------------------------------------------------------
// Template grammar: literal text plus {PREFIX}, {SUFFIX}, {TITLE:n}, {OPTION1:n}, {OPTION2:n},
// {OPTION3:n}, {SEQ:n}, {RANDOM:n}. Literal text is limited to characters that are safe in a SKU
// on every channel.

export type SkuTemplateWidthToken = 'TITLE' | 'OPTION1' | 'OPTION2' | 'OPTION3' | 'SEQ' | 'RANDOM';
export type SkuTemplatePart =
  | { kind: 'literal'; text: string }
  | { kind: 'PREFIX' }
  | { kind: 'SUFFIX' }
  | { kind: SkuTemplateWidthToken; width: number };

const widthTokens: readonly string[] = ['TITLE', 'OPTION1', 'OPTION2', 'OPTION3', 'SEQ', 'RANDOM'];
export const skuTemplateTokensHelp =
  '{PREFIX}, {SUFFIX}, {TITLE:n}, {OPTION1:n}, {OPTION2:n}, {OPTION3:n}, {SEQ:n}, {RANDOM:n}';

export type SkuTemplateParseResult =
  { ok: true; parts: SkuTemplatePart[] } | { ok: false; error: string };

export function parseSkuTemplate(template: string): SkuTemplateParseResult {
  const parts: SkuTemplatePart[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literalEnd = open === -1 ? template.length : open;
    if (literalEnd > i) {
      const text = template.slice(i, literalEnd);
      if (text.includes('}')) {
        return { ok: false, error: "skuTemplate has a '}' without a matching '{'" };
      }
      if (!/^[A-Za-z0-9._-]+$/.test(text)) {
        return {
          ok: false,
          error: `skuTemplate may only contain letters, digits, '-', '_' and '.' outside tokens (found '${text}')`,
        };
      }
      parts.push({ kind: 'literal', text });
    }
    if (open === -1) break;
    const close = template.indexOf('}', open);
    const nextOpen = template.indexOf('{', open + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      return { ok: false, error: "skuTemplate has a '{' without a matching '}'" };
    }
    const raw = template.slice(open, close + 1);
    const match = /^\{([A-Z0-9]+)(?::(\d+))?\}$/.exec(raw);
    const name = match?.[1];
    if (
      !match ||
      !name ||
      !(name === 'PREFIX' || name === 'SUFFIX' || widthTokens.includes(name))
    ) {
      return {
        ok: false,
        error: `skuTemplate contains an unknown token ${raw}; known tokens are ${skuTemplateTokensHelp}`,
      };
    }
    if (name === 'PREFIX' || name === 'SUFFIX') {
      if (match[2] !== undefined) {
        return { ok: false, error: `skuTemplate: {${name}} takes no length (found ${raw})` };
      }
      parts.push({ kind: name });
    } else {
      const width = match[2] === undefined ? NaN : Number(match[2]);
      if (!Number.isInteger(width) || width < 1 || width > SKU_LENGTH_MAX) {
        return {
          ok: false,
          error: `skuTemplate: ${raw} needs a length from 1 to ${SKU_LENGTH_MAX}, e.g. {${name}:3}`,
        };
      }
      parts.push({ kind: name as SkuTemplateWidthToken, width });
    }
    i = close + 1;
  }
  if (parts.length === 0) return { ok: false, error: skuSettingsMessages.templateRequired };
  return { ok: true, parts };
}

/**
 * The longest body a template can produce (before collapsing separators). {SEQ:n} counts as n:
 * a sequence number with more digits than n makes that one SKU fail rather than exceed skuLength.
 */
export function skuTemplateMaxLength(
  parts: readonly SkuTemplatePart[],
  prefix: string,
  suffix: string,
): number {
  let total = 0;
  for (const part of parts) {
    if (part.kind === 'literal') total += part.text.length;
    else if (part.kind === 'PREFIX') total += prefix.length;
    else if (part.kind === 'SUFFIX') total += suffix.length;
    else total += part.width;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------

/** Per-field rules without cross-field checks; extendable (e.g. with the row id). */
export const skuSettingsFieldsSchema = z.object({
  prefix: affixSchema('Prefix', skuSettingsMessages.prefixTooLong),
  suffix: affixSchema('Suffix', skuSettingsMessages.suffixTooLong),
  delimiter: z.enum(skuDelimiters, {
    error: `delimiter must be one of '', '-', '_', '.' or 'null'`,
  }),
  autoCreate: z.boolean({ error: 'autoCreate must be true or false' }),
  generationStrategy: z.enum(skuGenerationStrategies, {
    error: 'generationStrategy must be RANDOM, PRODUCT_BASED or TEMPLATE',
  }),
  skuTemplate: textSchema('skuTemplate', { min: 0, max: SKU_TEMPLATE_MAX_CHARS }),
  skuLength: intInRange('skuLength', SKU_LENGTH_MIN, SKU_LENGTH_MAX),
  characterSet: z.enum(skuCharacterSets, {
    error: 'characterSet must be ALPHANUMERIC, ALPHABETIC, NUMERIC or CUSTOM',
  }),
  customCharacters: textSchema('customCharacters', { min: 0, max: SKU_CUSTOM_CHARACTERS_MAX }),
  maxRetries: intInRange('maxRetries', SKU_MAX_RETRIES_MIN, SKU_MAX_RETRIES_MAX),
});

type SkuSettingsFields = z.infer<typeof skuSettingsFieldsSchema>;

function customCharactersProblem(chars: string): string | null {
  if (chars.length === 0) return skuSettingsMessages.customCharactersRequired;
  if (!/^[\x21-\x7E]+$/.test(chars)) {
    return 'customCharacters may only contain printable ASCII characters without spaces';
  }
  // SKUs compare case-insensitively, so 'a' and 'A' would be the same character.
  const seen = new Set<string>();
  for (const ch of chars.toUpperCase()) {
    if (seen.has(ch)) {
      return `customCharacters must not repeat a character (letters ignore case): '${ch}'`;
    }
    seen.add(ch);
  }
  return null;
}

function templateProblem(s: SkuSettingsFields): string | null {
  if (s.skuTemplate.length === 0) return skuSettingsMessages.templateRequired;
  const parsed = parseSkuTemplate(s.skuTemplate);
  if (!parsed.ok) return parsed.error;
  const max = skuTemplateMaxLength(parsed.parts, s.prefix, s.suffix);
  if (max > s.skuLength) {
    return `skuTemplate can produce ${max} characters, more than skuLength (${s.skuLength})`;
  }
  return null;
}

/** Full settings as stored and as sent by the settings screen (PUT body). */
export const skuSettingsSchema = skuSettingsFieldsSchema.superRefine((s, ctx) => {
  if (s.generationStrategy === 'TEMPLATE') {
    const message = templateProblem(s);
    if (message) ctx.addIssue({ code: 'custom', path: ['skuTemplate'], message });
  }
  if (s.characterSet === 'CUSTOM') {
    const message = customCharactersProblem(s.customCharacters);
    if (message) ctx.addIssue({ code: 'custom', path: ['customCharacters'], message });
  }
});
export type SkuSettings = z.infer<typeof skuSettingsSchema>;

/** The stored row as returned by the API. */
export const skuSettingsResponseSchema = skuSettingsFieldsSchema.extend({ id: z.uuid() });
export type SkuSettingsResponse = z.infer<typeof skuSettingsResponseSchema>;

export const defaultSkuSettings: SkuSettings = {
  prefix: '',
  suffix: '',
  delimiter: '-',
  autoCreate: false,
  generationStrategy: 'RANDOM',
  skuTemplate: '',
  skuLength: 8,
  characterSet: 'ALPHANUMERIC',
  customCharacters: '',
  maxRetries: 3,
};
