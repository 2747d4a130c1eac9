import {
  SKU_CONFLICT_FIXES_MAX,
  skuConflictFixesByKind,
  skuConflictFixMessages,
  type SkuConflictFixesBody,
} from '@stocksync/contract';
import { badRequest } from '../../../lib/errors';
import type { SkuService } from '../../catalog/sku-service';
import type { SyncContext } from '../session';
import { parseConflictId } from './conflict-id';
import type { Fix } from './fix-plan';
import { skuConflictsPage } from './service';

export type FixesContext = Pick<SyncContext, 'db' | 'clock' | 'activity'>;
export type SkuEdits = Pick<SkuService, 'generate' | 'editSku'>;

/**
 * The conflicts a fix request names, each with its fix: `items` (each fix checked to be one its
 * kind may ask for, 400 naming items.N.fix otherwise), or all selected (of a kind): the first
 * SKU_CONFLICT_FIXES_MAX, each with the fix proposed first, and how many are left.
 */
export async function selectedItems(
  context: FixesContext,
  organizationId: string,
  body: SkuConflictFixesBody,
) {
  if (body.all_selected) {
    const page = await skuConflictsPage(context.db, organizationId, {
      kind: body.kind,
      page: 1,
      pageSize: SKU_CONFLICT_FIXES_MAX,
    });
    const items = page.conflicts.map((c) => ({ id: c.id, kind: c.kind, fix: c.fixes[0]! }));
    return { items, remaining: Math.max(0, page.total - items.length) };
  }
  const items = (body.items ?? []).map((item, index) => {
    const { kind } = parseConflictId(item.id);
    if (!(skuConflictFixesByKind[kind] as readonly Fix[]).includes(item.fix))
      throw badRequest(skuConflictFixMessages.fixNotForKind, `items.${index}.fix`);
    return { id: item.id, kind, fix: item.fix };
  });
  return { items, remaining: 0 };
}
