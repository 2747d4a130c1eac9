import type { SyncLatency } from '@stocksync/contract';

/** A latency in ms as a person reads it: "850 ms", "4.2 s", "3 min 5 s", "2 h 10 min". */
export function formatLatency(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * From a sale to its last channel over the range (docs/decisions/0060): median and 95th
 * percentile as upper ends ("at most"), the sales they cover, and the sales not counted in them
 * because a channel has not confirmed (waiting) or refused them (failed).
 */
export function SaleLatency({ latency }: { latency: SyncLatency }) {
  const at = (ms: number | null) => (ms === null ? 'No synced sale' : `≤ ${formatLatency(ms)}`);
  const figures = [
    { label: 'Median', value: at(latency.p50Ms) },
    { label: '95th percentile', value: at(latency.p95Ms) },
    { label: 'Sales on every channel', value: latency.synced.toLocaleString('en-US') },
    { label: 'Sales waiting for a channel', value: latency.pending.toLocaleString('en-US') },
    {
      label: 'Sales a channel refused',
      value: latency.failed.toLocaleString('en-US'),
      danger: latency.failed > 0,
    },
  ];
  return (
    <section aria-labelledby="sale-latency-heading" className="grid gap-2">
      <h3 id="sale-latency-heading" className="text-base font-semibold">
        From a sale to its last channel
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd
              className={`text-xl font-semibold tabular-nums ${f.danger ? 'text-destructive' : ''}`}
            >
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Sales in the range, timed from when the sale was recorded to when the last of the other
        syncing channels confirmed its new quantity. Times are measured in steps, each shown at its
        upper end: at most {latency.precisionPercent}% above the measured time. Waiting and refused
        sales are not in the times.
      </p>
    </section>
  );
}
