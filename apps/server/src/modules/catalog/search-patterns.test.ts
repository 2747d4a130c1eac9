import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { containsPattern, trigramPattern } from './search-patterns';

/** LIKE with backslash escapes, as a regular expression over code points. */
function likeToRegExp(pattern: string): RegExp {
  let source = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') source += escape(chars[++i] ?? '');
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += escape(c);
  }
  return new RegExp(`^${source}$`, 'u');
}
const escape = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/]/g, (x) => `\\${x}`);

/** ILIKE as PostgreSQL's builtin C.UTF-8 provider does it: lower() one character at a time. */
const lower = (text: string) => [...text].map((c) => c.toLowerCase()).join('');
const ilike = (text: string, pattern: string) => likeToRegExp(lower(pattern)).test(lower(text));

const textArb = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'aAbB0 -_%\\xé\u00c9\u0130kK'), maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

describe('trigramPattern', () => {
  it('is matched by every text that contains the term, in any letter case', () => {
    fc.assert(
      fc.property(textArb, textArb, textArb, fc.boolean(), (before, term, after, upper) => {
        const text = before + (upper ? term.toUpperCase() : term) + after;
        // Only where the exact test itself matches (toUpperCase may not round-trip).
        fc.pre(ilike(text, containsPattern(term)));
        expect(ilike(text, trigramPattern(term))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('asks for fewer trigrams: runs of letters and digits cut into pieces of 3 to 5', () => {
    expect(trigramPattern('wool mug')).toBe('%wool%mug%');
    expect(trigramPattern('canvas backpack')).toBe('%can%vas%bac%kpack%');
    expect(trigramPattern('Retro Lamp, 3-pack')).toBe('%Retro%Lamp%pack%');
    expect(trigramPattern('STRA-SKY-44-00001')).toBe('%STRA%SKY%00001%');
    expect(trigramPattern('abcdefghi')).toBe('%abc%def%ghi%');
    expect(trigramPattern('Ünïcødé')).toBe('%Ünï%cødé%');
  });

  it('falls back to the exact pattern when no run has 3 characters', () => {
    expect(trigramPattern('xl')).toBe('%xl%');
    expect(trigramPattern('a b')).toBe('%a b%');
    expect(trigramPattern('50%_\\')).toBe(containsPattern('50%_\\'));
    expect(containsPattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});
