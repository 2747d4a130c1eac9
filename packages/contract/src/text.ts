import { z } from 'zod';

/*
 * The one rule for text a person types or a client names (ADR 0035): no character that no one
 * types on purpose and that can hide or disguise what is shown.
 *
 * Refused: C0 and C1 controls and DEL (\p{Cc}, NUL included: PostgreSQL cannot store it),
 * unpaired surrogates (\p{Cs}), bidi embeddings, overrides and isolates (U+202A-202E,
 * U+2066-2069: "Evil\u202eCorp" would render reversed), the invisible bidi marks (U+061C,
 * U+200E, U+200F), zero-width space and word joiner (U+200B, U+2060), invisible operators
 * (U+2061-2064), deprecated format controls (U+206A-206F), line and paragraph separators
 * (U+2028, U+2029), the byte-order mark (U+FEFF) and interlinear annotations (U+FFF9-FFFB).
 * Allowed: ZWNJ/ZWJ (U+200C, U+200D: needed by several scripts and by emoji sequences),
 * variation selectors and everything else a keyboard or emoji picker produces.
 */
const FORBIDDEN_CHARACTERS =
  '\\p{Cc}\\p{Cs}\\u061C\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';

/** Matches a text with none of the refused characters (also the `pattern` of the OpenAPI doc). */
export const SAFE_TEXT_PATTERN = new RegExp(`^[^${FORBIDDEN_CHARACTERS}]*$`, 'u');
const FORBIDDEN_RUNS = new RegExp(`[${FORBIDDEN_CHARACTERS}]+`, 'gu');

export const textMessages = {
  forbiddenCharacters: (field: string) =>
    `${field} must not contain control characters or invisible formatting characters`,
  mustBeText: (field: string) => `${field} must be text`,
  required: (field: string) => `${field} is required`,
  tooShort: (field: string, min: number) => `${field} must be at least ${min} characters`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

/** The text with each run of refused characters replaced, for inputs that clean rather than refuse. */
export function replaceForbiddenCharacters(text: string, replacement: string): string {
  return text.replace(FORBIDDEN_RUNS, replacement);
}

export interface TextRuleOptions {
  /** Shortest accepted length after trimming; 0 accepts ''. Defaults to 1. */
  min?: number;
  max: number;
  /** Message for an empty (or all white space) text when min > 0; "<field> is required". */
  required?: string;
  /** Message when the text is shorter than a min above 1; "<field> must be at least <min> characters". */
  tooShort?: string;
  /** Message when the value is not a string. */
  notText?: string;
  /** Trim surrounding white space first (default true; false keeps opaque tokens exact). */
  trim?: boolean;
}

/**
 * A text field under the one rule: a string, trimmed and NFC-normalised (so that names that look
 * the same are the same), free of the refused characters, with bounded length. Messages name
 * `field` (the words the user sees, e.g. "Organization name").
 */
export function textSchema(field: string, options: TextRuleOptions) {
  const min = options.min ?? 1;
  let schema = z.string({ error: options.notText ?? textMessages.mustBeText(field) });
  if (options.trim !== false) schema = schema.trim().normalize('NFC');
  schema = schema
    // Checked first so that a NUL or an override is named even when the length is wrong too.
    .regex(SAFE_TEXT_PATTERN, textMessages.forbiddenCharacters(field))
    .max(options.max, textMessages.tooLong(field, options.max));
  if (min > 0) {
    schema = schema.min(1, {
      error: options.required ?? textMessages.required(field),
      abort: true,
    });
  }
  if (min > 1) schema = schema.min(min, options.tooShort ?? textMessages.tooShort(field, min));
  return schema;
}
