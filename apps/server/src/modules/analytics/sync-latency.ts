import {
  SYNC_LATENCY_PRECISION_PERCENT,
  syncLatencyBucketUpperMs,
  type SyncLatency,
} from '@stocksync/contract';

/**
 * The p-th percentile (nearest rank: the smallest latency at or above which p% of the sales lie)
 * of bucketed latencies, as its bucket's upper end in ms; null without sales. `buckets` are in
 * bucket order.
 */
export function bucketPercentile(
  buckets: ReadonlyArray<{ bucket: number; sales: number }>,
  p: number,
): number | null {
  const total = buckets.reduce((sum, b) => sum + b.sales, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const b of buckets) {
    seen += b.sales;
    if (seen >= rank) return syncLatencyBucketUpperMs(b.bucket);
  }
  return syncLatencyBucketUpperMs(buckets.at(-1)!.bucket);
}

/** The summary's sale-to-last-channel figures from the range's buckets and unconfirmed sales. */
export function syncLatency(
  buckets: ReadonlyArray<{ bucket: number; sales: number }>,
  unconfirmed: { pending: number; failed: number },
): SyncLatency {
  return {
    synced: buckets.reduce((sum, b) => sum + b.sales, 0),
    p50Ms: bucketPercentile(buckets, 50),
    p95Ms: bucketPercentile(buckets, 95),
    precisionPercent: SYNC_LATENCY_PRECISION_PERCENT,
    ...unconfirmed,
  };
}
