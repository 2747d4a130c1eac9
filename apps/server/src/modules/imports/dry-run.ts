import type { ChannelProduct } from '@stocksync/channels';
import {
  IMPORT_PREVIEW_MAX,
  importActions,
  type ImportPreview,
  type ImportProductOutcome,
  type Platform,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { BatchPlan } from './batch-plan';
import { skusPlan } from './sku-plan';
import { planProducts } from './writer';

/** Products with something to do first; unchanged ones last. */
const ORDER: Record<ImportProductOutcome['action'], number> = {
  failed: 0,
  create: 1,
  link: 2,
  update: 3,
  unchanged: 4,
};

const notFound = (externalId: string): ImportProductOutcome => ({
  external_id: externalId,
  title: '',
  product_id: null,
  our_title: null,
  action: 'failed',
  reason: 'not found on the channel',
  variants: { create: 0, link: 0, update: 0 },
  changes: [],
});

/** What the dry run knows besides the plan: products gone from the channel, the SKU settings. */
export interface DryRunContext {
  gone: readonly string[];
  platform: Platform;
  autoCreate: boolean;
}

/** The dry run's answer from the plan of every fetched product. */
export function summarise(plan: BatchPlan, context: DryRunContext): ImportPreview {
  const { gone } = context;
  const outcomes = [...plan.outcomes, ...gone.map(notFound)];
  const count = (pick: (o: ImportProductOutcome) => number) =>
    outcomes.reduce((sum, o) => sum + pick(o), 0);
  const products = Object.fromEntries(
    importActions.map((a) => [a, outcomes.filter((o) => o.action === a).length]),
  ) as Record<(typeof importActions)[number], number>;
  const linked = count((o) => o.variants.link);
  const listingsCreated = plan.newVariants.length + linked;
  const sorted = outcomes.sort((a, b) => ORDER[a.action] - ORDER[b.action]);
  return {
    dry_run: true,
    totals: {
      products,
      variants: {
        create: plan.newVariants.length,
        link: linked,
        update: count((o) => o.variants.update),
      },
      listings: { create: listingsCreated, update: plan.listings.length - listingsCreated },
      kept: count((o) => o.changes.filter((c) => c.kept !== null).length),
    },
    products: sorted.slice(0, IMPORT_PREVIEW_MAX),
    truncated: sorted.length > IMPORT_PREVIEW_MAX,
    skus: skusPlan(plan, context.platform, context.autoCreate),
  };
}

/** What importing these products would do, planned as the import plans it; writes nothing. */
export async function dryRun(
  db: Db,
  input: { organizationId: string; connectionId: string; products: ChannelProduct[] },
  context: DryRunContext,
): Promise<ImportPreview> {
  return summarise(await planProducts(db, input), context);
}
