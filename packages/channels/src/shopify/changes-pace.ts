import type { ChangesSpending } from '../port/types';
import type { ThrottleStatus } from './graphql';

/**
 * The share of the shop's cost bucket the incremental check may use: this share of what the bucket
 * restores, and never its last (1 - share) (docs/decisions/0054). The pushes keep the rest.
 */
export const CHANGES_SHARE = 0.5;

/**
 * Requested cost of one page of ChannelsInventoryChanges (docs/channels §1.6): the location 1, the
 * connection 2, and 3 a level (the level, its item, its quantities). It is reserved up front.
 */
export const changesPageCost = (levels: number) => 3 + 3 * levels;

/** The bucket now, estimated from the last answer as it refills (nobody else spending). */
function levelNow(status: ThrottleStatus, now: number): number {
  const refilled = (Math.max(0, now - status.at) * status.restoreRate) / 1000;
  return Math.min(status.maximumAvailable, status.currentlyAvailable + refilled);
}

/**
 * Milliseconds until the check may read a page of `cost` (0: now), by two rules:
 *
 * - Its share of the restore rate: a pass's pages, this one included, may cost at most `share` of
 *   what the bucket restores over the pass so far, counted over at least the check's period. Passes
 *   begin at least a period apart, so over time the check takes at most that share; a pass that
 *   fits in one period's share (about 10 pages of 100 levels a minute on Standard) is not slowed.
 * - Its floor: the bucket, as it refills, must still hold (1 - share) of its size after the page's
 *   reservation, so the pushes always find that much.
 *
 * Nothing known yet (the first answer tells), or a bucket that does not refill: 0.
 */
export function changesReadWaitMs(
  status: ThrottleStatus | undefined,
  cost: number,
  spending: ChangesSpending,
  now: number,
): number {
  if (!status || status.restoreRate <= 0) return 0;
  const perSecond = status.restoreRate * CHANGES_SHARE;
  const neededMs = ((spending.spent + cost) * 1000) / perSecond; // at the share, from the start
  const share = neededMs <= spending.periodMs ? 0 : neededMs - spending.elapsedMs;
  const { maximumAvailable: size } = status;
  const floor = Math.min(size, size * (1 - CHANGES_SHARE) + cost);
  const refill = ((floor - levelNow(status, now)) * 1000) / status.restoreRate;
  return Math.max(0, Math.ceil(Math.max(share, refill)));
}
