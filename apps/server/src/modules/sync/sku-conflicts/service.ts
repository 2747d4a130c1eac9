import { skuConflictKinds, type SkuConflict, type SkuConflictsResponse } from '@stocksync/contract';
import type { Db } from '../../../db/client';
import {
  SkuConflictsRepository,
  type ConflictKind,
  type ConflictListing,
  type ConflictRow,
} from './repository';
import { conflictId } from './conflict-id';

/** The fixes a seller may pick for a conflict (applied through the SKU edit and write-back). */
function fixesOf(row: ConflictRow, variantSku: string, listings: ConflictListing[]) {
  const channelSkus = new Set(listings.map((l) => l.channel_sku).filter((s) => s !== ''));
  switch (row.kind) {
    case 'duplicate_on_account':
      // Each listing gets its own variant's SKU; variants without one get one generated first.
      return listings.some((l) => l.variant_sku === '')
        ? (['generate'] as const)
        : (['push_ours'] as const);
    case 'belongs_to_other_variant':
      return ['link', 'unlink', 'push_ours'] as const;
    case 'mismatch':
      return channelSkus.size === 1
        ? (['push_ours', 'take_channel'] as const)
        : (['push_ours'] as const);
    case 'blank':
      if (variantSku !== '') return ['push_ours'] as const;
      return channelSkus.size === 1
        ? (['generate', 'take_channel'] as const)
        : (['generate'] as const);
  }
}

/** GET /v1/sku-conflicts (issue 25 item 2, ADR 0055): a page of conflicts with their fixes. */
export async function skuConflictsPage(
  db: Db,
  organizationId: string,
  query: { kind?: ConflictKind; page: number; pageSize: number },
): Promise<SkuConflictsResponse> {
  const repo = new SkuConflictsRepository(db);
  const [rows, found] = await Promise.all([
    repo.page(organizationId, query.kind, (query.page - 1) * query.pageSize, query.pageSize),
    repo.counts(organizationId),
  ]);
  const counts = {
    ...Object.fromEntries(skuConflictKinds.map((k) => [k, 0])),
    ...found,
  } as SkuConflictsResponse['counts'];
  const total = query.kind
    ? counts[query.kind]
    : Object.values(counts).reduce((sum, n) => sum + n, 0);
  const variantIds = rows.flatMap((r) => [r.variant_id, r.other_variant_id]);
  const listingIds = rows.flatMap((r) => r.listing_ids);
  const [variants, listings] = await Promise.all([
    repo.variants(organizationId, [...new Set(variantIds.filter((id) => id !== null))]),
    repo.listings(organizationId, [...new Set(listingIds)]),
  ]);
  const variantById = new Map(variants.map((v) => [v.id, v]));
  const listingById = new Map(listings.map((l) => [l.listing_id, l]));
  const conflicts: SkuConflict[] = rows.map((row) => {
    const own = row.listing_ids.map((id) => listingById.get(id)!).filter(Boolean);
    const variant = row.variant_id ? (variantById.get(row.variant_id) ?? null) : null;
    return {
      id: conflictId(row.kind, row.listing_ids),
      kind: row.kind,
      sku: row.sku,
      variant,
      other_variant: row.other_variant_id ? (variantById.get(row.other_variant_id) ?? null) : null,
      listings: own,
      fixes: [...fixesOf(row, variant?.sku ?? '', own)],
    };
  });
  return { conflicts, total, counts, page: query.page, pageSize: query.pageSize };
}
