import type { ListingState } from './fix-state-repository';
import type { ConflictKind } from './repository';

export const sameSku = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The largest group of listings of one account holding one SKU (at least two), else none. */
function duplicates(listings: ListingState[]): ListingState[] {
  const groups = new Map<string, ListingState[]>();
  for (const l of listings) {
    if (!l.channel_sku) continue;
    const key = `${l.connection_id} ${l.channel_sku.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const largest = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return largest.length > 1 ? largest : [];
}

/** The item's listings that still have the conflict it was found as. */
export function stillConflicting(kind: ConflictKind, listings: ListingState[]): ListingState[] {
  switch (kind) {
    case 'duplicate_on_account': {
      // The listing whose variant holds the shared SKU keeps it; the others are what to fix.
      const group = duplicates(listings);
      return group.length ? group.filter((l) => !sameSku(l.variant_sku, l.channel_sku)) : [];
    }
    case 'mismatch':
      return listings.filter(
        (l) => l.variant_sku !== '' && !!l.channel_sku && !sameSku(l.channel_sku, l.variant_sku),
      );
    case 'belongs_to_other_variant':
      return listings.filter((l) => l.owner_id !== null && l.owner_id !== l.variant_id);
    case 'blank':
      return listings.filter(
        (l) => l.channel_sku !== null && (l.variant_sku === '' || l.channel_sku === ''),
      );
  }
}
