import type { SkuConflictFixListing } from '@stocksync/contract';
import type { SkuWriteback } from '../sku-writeback/service';
import type { FixPlan } from './fix-plan';

/**
 * Which channel listing gets which SKU once the ready fixes are applied: the write-back's own plan
 * of each listing, with the SKU its variant will have (generated ones are not known yet).
 */
export async function plannedListings(
  writeback: SkuWriteback,
  organizationId: string,
  ready: FixPlan[],
  generatedIds: ReadonlySet<string>,
): Promise<SkuConflictFixListing[]> {
  const newSku = new Map<string, string>();
  for (const p of ready) if (p.setSku) newSku.set(p.setSku.variant.id, p.setSku.to);
  // Linked and unlinked listings keep the SKU they hold.
  const moved = new Set(ready.flatMap((p) => [p.link?.listing.listing_id, p.unlink?.listing_id]));
  const pushed = [...new Set([...ready.flatMap((p) => p.push), ...generatedIds])];
  // A space is never a SKU: a generated one is planned as a change, shown as not known yet.
  const planned = await writeback.previewAs(organizationId, pushed, (variantId, sku) =>
    generatedIds.has(variantId) ? ' ' : (newSku.get(variantId) ?? sku),
  );
  return planned
    .filter((listing) => !moved.has(listing.listing_id))
    .map((listing) => {
      const generated = generatedIds.has(listing.variant_id);
      return { ...listing, sku: generated ? null : listing.sku, generated };
    });
}
