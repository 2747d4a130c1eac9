import { describe, expect, it } from 'vitest';
import { syncLatencyBucketUpperMs } from '@stocksync/contract';
import { bucketPercentile, syncLatency } from './sync-latency';

describe('bucketPercentile', () => {
  it('answers the upper end of the bucket holding the nearest rank', () => {
    // 10 sales: 6 in bucket 79 (941 to under 1024 ms), 3 in 88, 1 in 104.
    const buckets = [
      { bucket: 79, sales: 6 },
      { bucket: 88, sales: 3 },
      { bucket: 104, sales: 1 },
    ];
    expect(bucketPercentile(buckets, 50)).toBe(1024);
    expect(syncLatencyBucketUpperMs(79)).toBe(1024);
    // rank ceil(9.5) = 10: the last sale.
    expect(bucketPercentile(buckets, 95)).toBe(syncLatencyBucketUpperMs(104));
    expect(bucketPercentile(buckets.slice(0, 2), 95)).toBe(syncLatencyBucketUpperMs(88));
  });

  it('answers null without sales, and counts pending and failed apart', () => {
    expect(bucketPercentile([], 50)).toBeNull();
    expect(syncLatency([], { pending: 2, failed: 1 })).toEqual({
      synced: 0,
      p50Ms: null,
      p95Ms: null,
      precisionPercent: 9,
      pending: 2,
      failed: 1,
    });
  });
});
