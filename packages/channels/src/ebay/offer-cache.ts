import type { Offer } from './types';

/**
 * Offer ids per SKU, remembered for a while: setting a quantity must name every published offer,
 * and looking them up costs one call per SKU. A stale entry only means eBay refuses that offer in
 * the bulk update (reported for the item); the next lookup refreshes it.
 */
export class OfferCache {
  private readonly entries = new Map<string, { offers: Offer[]; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: string): Offer[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.offers;
  }

  set(key: string, offers: Offer[]): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { offers, at: this.now() });
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
