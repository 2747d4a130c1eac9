import { skuConflictFixMessages, type SkuConflictFixesBody } from '@stocksync/contract';
import { parseConflictId } from './conflict-id';
import { planFix, type FixPlan } from './fix-plan';
import { selectedItems, type FixesContext } from './fix-selection';
import { SkuFixStateRepository } from './fix-state-repository';
import { ListingLinksRepository } from './links-repository';

export type { FixesContext, SkuEdits } from './fix-selection';

/** What a preview or an apply works on: each item's plan, and conflicts left for a next request. */
export interface PlannedFixes {
  plans: FixPlan[];
  remaining: number;
}

/** Each item's plan from its listings as they are now (one read for all of them). */
export async function planFixes(
  context: FixesContext,
  organizationId: string,
  body: SkuConflictFixesBody,
): Promise<PlannedFixes> {
  const { items, remaining } = await selectedItems(context, organizationId, body);
  const listingIds = [...new Set(items.flatMap((i) => parseConflictId(i.id).listingIds))];
  const states = await new SkuFixStateRepository(context.db).listings(organizationId, listingIds);
  const byId = new Map(states.map((s) => [s.listing_id, s]));
  const links = new ListingLinksRepository(context.db);
  const plans: FixPlan[] = [];
  for (const item of items) {
    const own = parseConflictId(item.id).listingIds.flatMap((id) => byId.get(id) ?? []);
    const plan = planFix(item, own);
    const link = plan.link;
    // One listing per variant and account: a link to a variant listed there already cannot apply.
    if (link && (await links.isListedOn(link.to.id, link.listing.connection_id))) {
      const label = `'${link.to.product_title}' / '${link.to.title}'`;
      const message = `${label} ${skuConflictFixMessages.alreadyListed}`;
      plans.push({ ...plan, link: null, status: 'failed', message });
    } else plans.push(plan);
  }
  return { plans, remaining };
}
