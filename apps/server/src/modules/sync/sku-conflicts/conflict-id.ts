import type { ConflictKind } from './repository';

/**
 * A conflict's id names its kind and the listings it was found on (`<kind>:<id>,<id>…`), so a fix
 * sent later is checked against those listings as they are then (docs/decisions/0057).
 */
export function conflictId(kind: ConflictKind, listingIds: readonly string[]): string {
  return `${kind}:${[...listingIds].sort().join(',')}`;
}

export function parseConflictId(id: string): { kind: ConflictKind; listingIds: string[] } {
  const [kind, ids] = id.split(':') as [ConflictKind, string];
  return { kind, listingIds: [...new Set(ids.split(','))] };
}
