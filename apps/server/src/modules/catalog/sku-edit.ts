import { catalogMessages, skuWritebackMessages, type Variant } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, notFound, notFoundIn } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import { VariantSkuRepository } from './variant-sku-repository';
import { VariantsRepository } from './variants-repository';

const UNIQUE_VIOLATION = '23505';

/**
 * Sets a variant's SKU by hand: unique in the organisation ignoring case (checked first for a
 * message naming the holder; the unique index decides a race). Channels are not told here: the
 * product page then previews and confirms the write-back (sync/sku-writeback).
 */
export async function editVariantSku(
  deps: { db: Db; clock: Clock; activity: ActivityService },
  target: { organizationId: string; userId: string; variantId: string; sku: string },
): Promise<Variant> {
  const { organizationId, variantId, sku } = target;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await new VariantsRepository(trx).lockForUpdate(organizationId, variantId);
      if (!before) throw notFoundIn(catalogMessages.variantNotFound, 'variant_id');
      const skus = new VariantSkuRepository(trx);
      const holder = await skus.holder(organizationId, sku, variantId);
      if (holder) {
        throw conflict(
          `${skuWritebackMessages.skuTaken} ('${holder.product_title}' / '${holder.title}')`,
          'sku',
        );
      }
      if (before.sku !== sku) {
        await skus.setSku(organizationId, variantId, sku, deps.clock.now());
        await deps.activity.record(
          {
            organizationId,
            userId: target.userId,
            activity: 'SKU changed',
            note: `'${before.product_title}' / '${before.title}': ${before.sku || '(none)'} → ${sku}`,
            status: 'success',
          },
          trx,
        );
      }
      const after = await new VariantsRepository(trx).find(organizationId, variantId);
      if (!after) throw notFound();
      return after;
    });
  } catch (error) {
    if ((error as { code?: string } | null)?.code === UNIQUE_VIOLATION)
      throw conflict(skuWritebackMessages.skuTaken, 'sku');
    throw error;
  }
}
