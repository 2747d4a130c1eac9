import {
  QUANTITY_MAX,
  syncMessages,
  type QuantityConflict,
  type Variant,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { badRequest, notFoundIn } from '../../lib/errors';
import type { MasterChange, MasterQuantities } from './master';
import { QuantityEditsRepository } from './quantity-edits-repository';
import { SyncViewsRepository } from './views-repository';
import { Wakeups } from './wakeups';

/** A seller's edit of a master quantity (issue 22 item 2). */
export type QuantityEdit =
  | { set: number; expected?: number }
  /** Units to add (positive) or remove (negative), to whatever the master is then. */
  | { adjust: number };

/** At most this many ledger entries explain a refused set. */
const CHANGES_SHOWN = 10;

/**
 * The entries since the master was `expected`, newest first: back to the first one that started
 * from it (a set typed on a screen showing `expected` lost to these).
 */
export function changesSince(entries: QuantityConflict['changes'], expected: number) {
  const since = entries.findIndex((entry) => entry.qty_before === expected);
  return since === -1 ? entries : entries.slice(0, since + 1);
}

/**
 * Seller edits go through the master's one way of changing (stock_apply_change: ledger, activity,
 * pushes), as every other change does. A plain set is that one statement (last writer wins); a
 * checked set or an adjustment first locks the variant's row in the same transaction, so the
 * check and the change see the same master and no sale lands between them.
 */
export class QuantityEdits {
  constructor(
    private readonly db: Db,
    private readonly master: MasterQuantities,
  ) {}

  /**
   * Applies the edit and answers the variant after it (read by the change's own statement, under
   * the variant's lock), or answers why not (409): the master moved, or too few to remove.
   */
  async apply(
    organizationId: string,
    userId: string,
    variantId: string,
    edit: QuantityEdit,
  ): Promise<{ variant: Variant } | { conflict: QuantityConflict }> {
    const wakeups = new Wakeups();
    const base: Omit<MasterChange, 'change'> = {
      organizationId,
      variantId,
      cause: 'manual',
      userId,
      key: `manual:${crypto.randomUUID()}`,
      source: 'edited in StockSync',
      answerVariant: true,
    };
    let variant: Variant | undefined;
    if ('set' in edit && edit.expected === undefined) {
      const result = await this.master.apply(this.db, { ...base, change: edit }, wakeups);
      variant = result.variant;
    } else {
      const conflict = await this.db.transaction().execute(async (trx) => {
        const edits = new QuantityEditsRepository(trx);
        const current = await edits.lockQuantity(organizationId, variantId);
        if (current === undefined) throw notFoundIn(syncMessages.variantIdInvalid, 'variant_id');
        const views = new SyncViewsRepository(trx);
        const refused = await this.refusal(views, organizationId, variantId, current, edit);
        if (refused) return refused;
        const change = 'set' in edit ? { set: edit.set } : { delta: edit.adjust };
        variant = (await this.master.apply(trx, { ...base, change }, wakeups)).variant;
        return undefined;
      });
      if (conflict) return { conflict };
    }
    if (!variant) throw notFoundIn(syncMessages.variantIdInvalid, 'variant_id');
    await wakeups.flush(this.db);
    return { variant };
  }

  /** Why the edit cannot apply to the master as it is now, if it cannot. */
  private async refusal(
    views: SyncViewsRepository,
    organizationId: string,
    variantId: string,
    current: number,
    edit: QuantityEdit,
  ): Promise<QuantityConflict | undefined> {
    if ('set' in edit) {
      if (edit.expected === undefined || current === edit.expected) return undefined;
      const latest = await views.variantLedger(organizationId, variantId, CHANGES_SHOWN);
      return {
        error: syncMessages.quantityChanged,
        field: 'expected',
        quantity: current,
        changes: changesSince(latest, edit.expected),
      };
    }
    const after = current + edit.adjust;
    if (after > QUANTITY_MAX) throw badRequest(syncMessages.adjustAboveMax, 'adjust');
    if (edit.adjust < 0 && after < 0) {
      return {
        error: syncMessages.adjustBelowZero,
        field: 'adjust',
        quantity: current,
        changes: [],
      };
    }
    return undefined;
  }
}
