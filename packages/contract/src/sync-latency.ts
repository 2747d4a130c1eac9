import { z } from 'zod';

/*
 * Sync latency in the analytics summary (issue 23, docs/decisions/0060): from a sale (its ledger
 * entry) to the moment the last of the variant's other channels confirmed a push carrying it.
 */

/**
 * Latencies are counted in buckets, 8 per doubling: bucket b holds 2^(b/8) ms up to under
 * 2^((b+1)/8) ms. A percentile is answered as its bucket's upper end, so it is at most 9% above
 * the measured value (2^(1/8) = 1.0905) and never below it.
 */
export const SYNC_LATENCY_BUCKETS_PER_DOUBLING = 8;
/** How far above the measured value an answered percentile can be, in percent. */
export const SYNC_LATENCY_PRECISION_PERCENT = 9;

/** The upper end of a latency bucket in whole milliseconds (rounded up). */
export function syncLatencyBucketUpperMs(bucket: number): number {
  return Math.ceil(2 ** ((bucket + 1) / SYNC_LATENCY_BUCKETS_PER_DOUBLING));
}

const count = z.number().int();

export const syncLatencySchema = z
  .object({
    /** Sales of the range (by the sale's UTC day) that every other channel confirmed. */
    synced: count,
    p50Ms: count
      .nullable()
      .describe(
        `Median latency of the synced sales in ms, as the upper end of its bucket (at most ${SYNC_LATENCY_PRECISION_PERCENT}% above the measured value); null without a synced sale`,
      ),
    p95Ms: count
      .nullable()
      .describe('95th percentile (nearest rank), measured and rounded as p50Ms; null without one'),
    precisionPercent: count.describe('How far above the measured values p50Ms and p95Ms can be'),
    /** Sales of the range still waiting for a channel's confirmation (not counted as synced). */
    pending: count,
    /**
     * Sales of the range a channel refused for good (or whose listing was removed before it
     * confirmed): not counted as synced, nor in the percentiles.
     */
    failed: count,
  })
  .describe(
    "From a sale to its last channel: the moment the last of the variant's other syncing " +
      'channels confirmed a push carrying the sale (or was found holding it already)',
  );
export type SyncLatency = z.infer<typeof syncLatencySchema>;
