/** `n word`, with an s unless n is 1. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Up to three quoted titles, then "and n more". */
export function titlesNote(titles: readonly string[]): string {
  const shown = titles.slice(0, 3).map((t) => `'${t}'`);
  const rest = titles.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
