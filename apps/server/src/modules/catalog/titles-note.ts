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

/** A sync change's activity note: which products it turned on and off (or that none changed). */
export function syncNote(changed: readonly { title: string; is_synced: boolean }[]): string {
  const on = changed.filter((p) => p.is_synced).map((p) => p.title);
  const off = changed.filter((p) => !p.is_synced).map((p) => p.title);
  const parts = [];
  if (on.length > 0) parts.push(`on for ${plural(on.length, 'product')} (${titlesNote(on)})`);
  if (off.length > 0) parts.push(`off for ${plural(off.length, 'product')} (${titlesNote(off)})`);
  return parts.length > 0
    ? `Sync turned ${parts.join('; ')}`
    : 'Every selected product already had this sync state';
}
