import type {
  Channel,
  QuantityChange,
  SaleRecord,
} from '../../apps/server/test/sync-harness/cluster';

const CHANNELS: readonly Channel[] = ['shopify', 'ebay', 'tiktok'];

/** One buyer trying to purchase: accepted when the channel showed enough stock. */
export interface Attempt {
  at: number;
  channel: Channel;
  sku: string;
  quantity: number;
  accepted: boolean;
}

export interface LatencyStats {
  sales: number;
  /** Milliseconds from the sale to the last other channel receiving the new quantity (null: no sale got there). */
  p50: number | null;
  p99: number | null;
  max: number | null;
  /** Sales some other channel never received (within the run and the quiet period after it). */
  unreflected: number;
}

export interface RunResult {
  run: number;
  variants: number;
  products?: number;
  servers?: number;
  attempts: number;
  sales: number;
  driveSeconds: number;
  /** The cluster reached quiescence (no drift, no pending push) after the stream. */
  quiet: boolean;
  byOrigin: Record<Channel, LatencyStats>;
  /** Every sale, whichever channel it happened on (each reaches us by webhook or notification). */
  all: LatencyStats;
  /** Every sale by 5-second window of the stream (when the tail happens: bursts or throughout). */
  timeline: Array<{ fromSecond: number } & LatencyStats>;
  /** Units sold but missing from the master at the end, and units taken off twice. */
  lostUnits: number;
  doubleCountedUnits: number;
  /** (channel, SKU) pairs whose quantity differs from the master at the end. */
  channelMismatches: number;
  /** Variants whose master could not be read at the end (server not answering). */
  unknownMasters: number;
  oversold: {
    /** Sales accepted by a channel while the stock was already gone, in this run. */
    realTime: number;
    /** The same purchase attempts replayed against 15-minute polling (model). */
    polling15m: number;
    refusedRealTime: number;
    refusedPolling15m: number;
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

function stats(latencies: number[], unreflected: number): LatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => (sorted.length === 0 ? null : Math.round(n * 10) / 10);
  return {
    sales: latencies.length + unreflected,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    unreflected,
  };
}

/**
 * Replays purchase attempts against polling every `periodMs` starting at the first attempt: at each
 * poll every channel is set to the true stock; between polls a channel only knows its own sales.
 */
export function replayPolling(
  attempts: Attempt[],
  startQty: Map<string, number>,
  periodMs: number,
): { oversold: number; refused: number } {
  const truth = new Map(startQty);
  const shown = new Map<string, number>();
  const key = (channel: Channel, sku: string) => `${channel}|${sku}`;
  const t0 = attempts[0]?.at ?? 0;
  let lastPoll = 0;
  let oversold = 0;
  let refused = 0;
  for (const attempt of attempts) {
    const poll = Math.floor((attempt.at - t0) / periodMs);
    if (poll > lastPoll) {
      shown.clear();
      lastPoll = poll;
    }
    const k = key(attempt.channel, attempt.sku);
    const display = shown.get(k) ?? Math.max(0, truth.get(attempt.sku) ?? 0);
    if (display < attempt.quantity) {
      refused += 1;
      continue;
    }
    shown.set(k, display - attempt.quantity);
    const left = truth.get(attempt.sku) ?? 0;
    if (left < attempt.quantity) oversold += 1;
    truth.set(attempt.sku, left - attempt.quantity);
  }
  return { oversold, refused };
}

export function analyse(input: {
  run: number;
  skus: string[];
  startQty: Map<string, number>;
  attempts: Attempt[];
  sales: SaleRecord[];
  changes: QuantityChange[];
  masters: Map<string, number>;
  channels: Record<Channel, Map<string, number>>;
  driveSeconds: number;
  quiet: boolean;
}): RunResult {
  // Everything that changed what a channel showed, per channel and SKU, in time order: our pushes
  // (absolute) and its own sales.
  const shown = new Map<string, Array<{ at: number; set: number | null; minus: number }>>();
  const eventsOf = (k: string) => shown.get(k) ?? shown.set(k, []).get(k)!;
  for (const change of input.changes)
    eventsOf(`${change.channel}|${change.sku}`).push({ at: change.at, set: change.qty, minus: 0 });
  for (const sale of input.sales)
    eventsOf(`${sale.channel}|${sale.sku}`).push({ at: sale.at, set: null, minus: sale.quantity });
  for (const events of shown.values()) events.sort((a, b) => a.at - b.at);
  /**
   * How long after a sale at `from` a channel first showed a quantity that counts it (0: it already
   * did); undefined if it never did. Counting it: our push of at most `target`, or none of the SKU
   * left however it got there, by our push or by its own sales (it offers nothing a sale elsewhere
   * could oversell; an oversold sale on it, counted apart, ends at 0).
   */
  const reflectedAfter = (
    channel: Channel,
    sku: string,
    from: number,
    target: number,
  ): number | undefined => {
    let held = input.startQty.get(sku) ?? 0;
    for (const e of shown.get(`${channel}|${sku}`) ?? []) {
      if (e.at > from && held <= 0) return 0;
      held = e.set ?? Math.max(0, held - e.minus);
      if (e.at >= from && (held <= 0 || (e.set !== null && e.set <= target))) return e.at - from;
    }
    return held <= 0 ? 0 : undefined;
  };

  const latencies: Record<Channel, number[]> = { shopify: [], ebay: [], tiktok: [] };
  const unreflected: Record<Channel, number> = { shopify: 0, ebay: 0, tiktok: 0 };
  const sold = new Map<string, number>();
  const windows = new Map<number, { latencies: number[]; unreflected: number }>();
  const firstSale = Math.min(...input.sales.map((sale) => sale.at));
  let oversoldRealTime = 0;
  for (const sale of [...input.sales].sort((a, b) => a.at - b.at)) {
    const before = sold.get(sale.sku) ?? 0;
    const start = input.startQty.get(sale.sku) ?? 0;
    if (start - before < sale.quantity) oversoldRealTime += 1;
    const cumulative = before + sale.quantity;
    sold.set(sale.sku, cumulative);
    // Channels never go below 0: after an oversold sale, 0 is the quantity that reflects it.
    const target = Math.max(0, start - cumulative);
    let worst = 0;
    let missing = false;
    for (const other of CHANNELS) {
      if (other === sale.channel) continue;
      const after = reflectedAfter(other, sale.sku, sale.at, target);
      if (after === undefined) missing = true;
      else worst = Math.max(worst, after);
    }
    if (missing) unreflected[sale.channel] += 1;
    else latencies[sale.channel].push(worst);
    const from = Math.floor((sale.at - firstSale) / 5000) * 5;
    const window = windows.get(from) ?? { latencies: [], unreflected: 0 };
    if (missing) window.unreflected += 1;
    else window.latencies.push(worst);
    windows.set(from, window);
  }

  let lostUnits = 0;
  let doubleCountedUnits = 0;
  let channelMismatches = 0;
  let unknownMasters = 0;
  for (const sku of input.skus) {
    const expected = (input.startQty.get(sku) ?? 0) - (sold.get(sku) ?? 0);
    const master = input.masters.get(sku);
    if (master === undefined) {
      unknownMasters += 1;
      continue;
    }
    if (master > expected) lostUnits += master - expected;
    if (master < expected) doubleCountedUnits += expected - master;
    for (const channel of CHANNELS)
      if (input.channels[channel].get(sku) !== Math.max(0, master)) channelMismatches += 1;
  }

  const polling = replayPolling(input.attempts, input.startQty, 15 * 60_000);
  return {
    run: input.run,
    variants: input.skus.length,
    attempts: input.attempts.length,
    sales: input.sales.length,
    driveSeconds: Math.round(input.driveSeconds * 10) / 10,
    quiet: input.quiet,
    byOrigin: {
      shopify: stats(latencies.shopify, unreflected.shopify),
      ebay: stats(latencies.ebay, unreflected.ebay),
      tiktok: stats(latencies.tiktok, unreflected.tiktok),
    },
    timeline: [...windows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([fromSecond, w]) => ({ fromSecond, ...stats(w.latencies, w.unreflected) })),
    all: stats(
      [...latencies.shopify, ...latencies.tiktok, ...latencies.ebay],
      unreflected.shopify + unreflected.tiktok + unreflected.ebay,
    ),
    lostUnits,
    doubleCountedUnits,
    channelMismatches,
    unknownMasters,
    oversold: {
      realTime: oversoldRealTime,
      polling15m: polling.oversold,
      refusedRealTime: input.attempts.filter((a) => !a.accepted).length,
      refusedPolling15m: polling.refused,
    },
  };
}
