import { skuWritebackMessages, type SkuWritebackQueued } from '@stocksync/contract';
import { AppError } from '../../lib/errors';
import { messageOf } from '../connections/service';

/** The SKU write-back's confirmation (sync/sku-writeback, ADR 0055) as an import calls it. */
export interface ImportSkuWriteback {
  confirm(
    organizationId: string,
    userId: string,
    variantIds: readonly string[],
  ): Promise<SkuWritebackQueued>;
}

/** What became of an opted-in import's generated SKUs, for its activity entry. */
export interface WritebackOutcome {
  note: string;
  ok: boolean;
}

/**
 * Sends the SKUs an import generated to their listings through the one write-back path: its
 * confirmation queues a job per account and records the activity entry; each listing's result
 * comes from that job. eBay listings are refused there with the reason. A failure to queue is
 * reported, never thrown: the import's products are written and a retry would not regenerate.
 */
export async function writeBackGenerated(
  writeback: ImportSkuWriteback | undefined,
  target: { organizationId: string; userId: string; variantIds: readonly string[] },
): Promise<WritebackOutcome | null> {
  if (target.variantIds.length === 0) return null;
  if (!writeback)
    return { note: 'the new SKUs were not sent: no SKU write-back in this process', ok: false };
  try {
    const queued = await writeback.confirm(target.organizationId, target.userId, target.variantIds);
    const refused = queued.listings.find((l) => l.action === 'refused');
    return {
      note:
        `${queued.queued} new SKUs queued to be sent to the channel` +
        (refused ? `; ${queued.refused} not sent (${refused.reason})` : ''),
      ok: queued.refused === 0,
    };
  } catch (error) {
    if (error instanceof AppError && error.message === skuWritebackMessages.nothingToPush)
      return { note: 'no listing needed its new SKU sent', ok: true };
    return { note: `the new SKUs were not sent: ${messageOf(error)}`, ok: false };
  }
}
