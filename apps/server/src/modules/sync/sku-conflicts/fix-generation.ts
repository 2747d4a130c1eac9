import type { FixPlan } from './fix-plan';
import { messageOf, type FixResults } from './fix-results';
import type { SkuEdits } from './fix-selection';

/**
 * One SKU generation for every applied generate fix (the catalogue's, so settings and uniqueness
 * hold); a fix whose variant got no SKU fails with the reason. Answers the variants that got one.
 */
export async function generateForFixes(
  skus: SkuEdits,
  who: { organizationId: string; userId: string },
  plans: FixPlan[],
  results: FixResults,
): Promise<string[]> {
  const wanted = plans.filter((p) => results.applied(p) && p.generateIn.length > 0);
  const productIds = [...new Set(wanted.flatMap((p) => p.generateIn))];
  if (productIds.length === 0) return [];
  try {
    const answer = await skus.generate(who.organizationId, who.userId, {
      ids: productIds,
      allSelected: false,
    });
    const failed = new Map(answer.failed.map((f) => [f.variant_id, f.reason]));
    for (const plan of wanted) {
      const reason = plan.push.map((id) => failed.get(id)).find(Boolean);
      if (reason) results.settle(plan, 'failed', reason);
    }
    return answer.variant_ids ?? [];
  } catch (error) {
    const message = messageOf(error);
    for (const plan of wanted) results.settle(plan, 'failed', message);
    return [];
  }
}
