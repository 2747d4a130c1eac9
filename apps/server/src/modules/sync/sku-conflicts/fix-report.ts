import type { SkuConflictFixResult } from '@stocksync/contract';
import type { FixesContext } from './fix-selection';

/** One activity entry per bulk apply, with its counts and the first failure's reason. */
export async function reportFixes(
  context: FixesContext,
  who: { organizationId: string; userId: string },
  items: SkuConflictFixResult[],
): Promise<void> {
  const applied = items.filter((i) => i.status === 'applied').length;
  const failed = items.filter((i) => i.status === 'failed');
  const gone = items.filter((i) => i.status === 'gone').length;
  const parts = [`${applied} of ${items.length} conflicts fixed`];
  if (gone) parts.push(`${gone} no longer existed`);
  if (failed.length) parts.push(`${failed.length} failed (${failed[0]!.message})`);
  await context.activity.record({
    ...who,
    activity: 'SKU conflicts fixed',
    note: parts.join('; '),
    status: failed.length === 0 ? 'success' : applied > 0 ? 'warning' : 'error',
  });
}
