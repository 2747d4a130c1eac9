/**
 * Paces calls under a per-key rate (a token bucket): up to `burst` calls start at once, then one
 * every 1/rate seconds. A caller reserves its start time synchronously, so concurrent calls are
 * spread out instead of all waiting for the same free slot.
 */
export class Pacer {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when a call under `key` may start. */
  async take(key: string): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Takes a token now (possibly going into debt) and answers how long to wait for it, in ms. */
  reserve(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) * this.ratePerSecond) / 1000,
    );
    const tokens = refilled - 1;
    this.buckets.set(key, { tokens, at: now });
    return tokens >= 0 ? 0 : (-tokens * 1000) / this.ratePerSecond;
  }
}
