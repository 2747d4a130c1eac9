import type {
  SkuConflictFixesApplied,
  SkuConflictFixesBody,
  SkuConflictFixesPreview,
} from '@stocksync/contract';
import type { SkuWriteback } from '../sku-writeback/service';
import { generateForFixes } from './fix-generation';
import { planFixes, type FixesContext, type SkuEdits } from './fix-items';
import type { FixPlan } from './fix-plan';
import { previewOf } from './fix-preview';
import { reportFixes } from './fix-report';
import { FixResults, isGone, messageOf } from './fix-results';
import { sendFixedSkus } from './fix-sending';
import type { ListingLinks } from './links';

/**
 * SKU conflicts fixed in bulk (issue 25 item 2, docs/decisions/0057): the preview says what each
 * fix changes and which channel listing gets which SKU; applying makes the changes here (SKU
 * edits and generation through the catalogue, links through ListingLinks), then sends the SKUs
 * through the one write-back. Each item answers for itself; none fails the others.
 */
export class SkuConflictFixes {
  constructor(
    private readonly context: FixesContext,
    private readonly skus: SkuEdits,
    private readonly writeback: SkuWriteback,
    private readonly links: ListingLinks,
  ) {}

  async preview(
    organizationId: string,
    body: SkuConflictFixesBody,
  ): Promise<SkuConflictFixesPreview> {
    const planned = await planFixes(this.context, organizationId, body);
    return previewOf(this.context, this.writeback, organizationId, planned);
  }

  async apply(
    organizationId: string,
    userId: string,
    body: SkuConflictFixesBody,
  ): Promise<SkuConflictFixesApplied> {
    const who = { organizationId, userId };
    const { plans, remaining } = await planFixes(this.context, organizationId, body);
    const results = new FixResults();
    for (const plan of plans) {
      if (plan.status !== 'ready') results.settle(plan, plan.status, plan.message);
      else await this.change(who, plan, results);
    }
    const toSend = new Set(await generateForFixes(this.skus, who, plans, results));
    for (const plan of plans) if (results.applied(plan)) plan.push.forEach((id) => toSend.add(id));
    const sent = await sendFixedSkus(this.writeback, who, [...toSend]);
    const items = results.of(plans);
    await reportFixes(this.context, who, items);
    return { items, ...sent, remaining };
  }

  /** The change a ready fix makes here: the channel's SKU taken, a link or an unlink. */
  private async change(
    { organizationId, userId }: { organizationId: string; userId: string },
    plan: FixPlan,
    results: FixResults,
  ): Promise<void> {
    try {
      const { setSku, link, unlink } = plan;
      if (setSku) await this.skus.editSku(organizationId, userId, setSku.variant.id, setSku.to);
      if (link) await this.links.link(organizationId, userId, link.listing.listing_id, link.to.id);
      if (unlink) await this.links.unlink(organizationId, userId, unlink.listing_id);
      results.settle(plan, 'applied', null);
    } catch (error) {
      results.settle(plan, isGone(error) ? 'gone' : 'failed', messageOf(error));
    }
  }
}
