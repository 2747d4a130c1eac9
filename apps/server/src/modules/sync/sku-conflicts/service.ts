import { skuConflictKinds, type SkuConflict, type SkuConflictsResponse } from '@stocksync/contract';
import type { Db } from '../../../db/client';
import { SkuConflictsRepository, type ConflictKind, type ConflictListing } from './repository';
import { conflictId } from './conflict-id';

/** The fixes a seller may pick for a conflict (applied through the SKU edit and write-back). */
function fixesOf(kind: ConflictKind, variantSku: string, listings: ConflictListing[]) {
  const channelSkus = new Set(listings.map((l) => l.channel_sku).filter((s) => s !== ''));
  switch (kind) {
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
  const { rows, counts: found } = await new SkuConflictsRepository(db).page(
    organizationId,
    query.kind,
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  const counts = {
    ...Object.fromEntries(skuConflictKinds.map((k) => [k, 0])),
    ...found,
  } as SkuConflictsResponse['counts'];
  const total = query.kind
    ? counts[query.kind]
    : Object.values(counts).reduce((sum, n) => sum + n, 0);
  const conflicts: SkuConflict[] = rows.map((row) => ({
    id: conflictId(row.kind, row.listing_ids),
    kind: row.kind,
    sku: row.sku,
    variant: row.variant,
    other_variant: row.other_variant,
    listings: row.listings,
    fixes: [...fixesOf(row.kind, row.variant?.sku ?? '', row.listings)],
  }));
  return { conflicts, total, counts, page: query.page, pageSize: query.pageSize };
}
