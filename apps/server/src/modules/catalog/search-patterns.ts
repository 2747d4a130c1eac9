/**
 * LIKE patterns for the product search: what a term matches exactly, and what the trigram index
 * is asked for to find the candidates (docs/decisions/0015).
 */

/** `%term%` for LIKE with the term's wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const WORD_RUNS = /[\p{L}\p{N}]+/gu;

/**
 * A pattern for the trigram index that every text containing `term` also matches (ignoring case),
 * built from fewer of the term's trigrams than `containsPattern`: each run of letters and digits
 * cut into pieces of 3 characters, the last piece taking the run's 1 or 2 left-over characters
 * ("canvas backpack" → `%can%vas%bac%kpack%`), runs shorter than 3 left out. The pieces are
 * substrings of the term in order and apart, so a text that contains the term contains them in
 * that order; the index's work grows with the number of trigrams asked for, and the exact test
 * (the lowered text contains the lowered term) then decides. (That holds where lower() maps
 * characters one at a time, as the builtin C.UTF-8 and libc providers do; ICU's final-sigma rule
 * can lower a Σ ending a piece differently.) A term with no run of 3 gets its `containsPattern`,
 * whose word-boundary trigrams are all the index can use.
 */
export function trigramPattern(term: string): string {
  const pieces: string[] = [];
  for (const [run] of term.matchAll(WORD_RUNS)) {
    const chars = [...run];
    for (let at = 0; at + 3 <= chars.length; at += 3) {
      const end = chars.length - at < 6 ? chars.length : at + 3;
      pieces.push(chars.slice(at, end).join(''));
    }
  }
  return pieces.length === 0 ? containsPattern(term) : `%${pieces.join('%')}%`;
}
