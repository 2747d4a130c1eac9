import { skuConflictFixMessages as messages, type SkuConflictFixPlan } from '@stocksync/contract';
import { decide, nothing } from './fix-decisions';
import type { ListingState } from './fix-state-repository';
import { stillConflicting } from './fix-targets';
import type { ConflictKind } from './repository';

export type Fix = SkuConflictFixPlan['fix'];
export type VariantRef = SkuConflictFixPlan['sku_changes'][number]['variant'];

/** What applying one conflict's fix does, decided from its listings as they are now. */
export interface FixPlan {
  id: string;
  kind: ConflictKind;
  fix: Fix;
  status: 'ready' | 'gone' | 'failed';
  message: string | null;
  /** Products whose variants without a SKU get one generated (generate). */
  generateIn: string[];
  /** A variant's SKU set to the channel's (take_channel). */
  setSku: { variant: VariantRef; from: string; to: string } | null;
  link: { listing: ListingState; to: VariantRef } | null;
  unlink: ListingState | null;
  /** Variants whose SKU is then sent to their listings. */
  push: string[];
}

/** One item's plan: gone when its conflict no longer holds, failed when the fix cannot apply. */
export function planFix(
  item: { id: string; kind: ConflictKind; fix: Fix },
  listings: ListingState[],
): FixPlan {
  const targets = stillConflicting(item.kind, listings);
  if (targets.length === 0) return { ...item, ...nothing, status: 'gone', message: messages.gone };
  const decision = decide(item.fix, targets);
  if (typeof decision === 'string')
    return { ...item, ...nothing, status: 'failed', message: decision };
  return { ...item, ...decision, status: 'ready', message: null };
}
