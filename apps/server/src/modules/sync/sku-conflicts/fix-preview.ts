import type { SkuConflictFixesPreview } from '@stocksync/contract';
import type { SkuWriteback } from '../sku-writeback/service';
import type { FixesContext, PlannedFixes } from './fix-items';
import { plannedListings } from './fix-preview-listings';
import { SkuFixStateRepository, type ListingState } from './fix-state-repository';

function linkOf(l: ListingState) {
  return {
    listing_id: l.listing_id,
    platform: l.platform,
    account: l.account,
    channel_sku: l.channel_sku ?? '',
    from: { id: l.variant_id, product_title: l.product_title, title: l.variant_title },
  };
}

/** The preview's answer: each item's changes here, and which listing gets which SKU. */
export async function previewOf(
  context: FixesContext,
  writeback: SkuWriteback,
  organizationId: string,
  { plans, remaining }: PlannedFixes,
): Promise<SkuConflictFixesPreview> {
  const ready = plans.filter((p) => p.status === 'ready');
  // generate fills every variant without a SKU of the conflict's products.
  const generated = await new SkuFixStateRepository(context.db).withoutSku(organizationId, [
    ...new Set(ready.flatMap((p) => p.generateIn)),
  ]);
  const generatedIds = new Set(generated.map((v) => v.id));
  const listings = await plannedListings(writeback, organizationId, ready, generatedIds);
  const items = plans.map((plan) => ({
    id: plan.id,
    kind: plan.kind,
    fix: plan.fix,
    status: plan.status,
    message: plan.message,
    sku_changes: [
      ...(plan.setSku ? [plan.setSku] : []),
      ...generated
        .filter((v) => plan.status === 'ready' && plan.generateIn.includes(v.product_id))
        .map(({ id, product_title, title }) => ({
          variant: { id, product_title, title },
          from: '',
          to: null,
        })),
    ],
    link_changes: [
      ...(plan.link ? [{ ...linkOf(plan.link.listing), to: plan.link.to }] : []),
      ...(plan.unlink ? [{ ...linkOf(plan.unlink), to: null }] : []),
    ],
  }));
  return { items, listings, remaining };
}
