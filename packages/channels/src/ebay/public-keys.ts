import type { KeyObject } from 'node:crypto';
import { RateLimitedError, ValidationError } from '../port/errors';

/**
 * How often eBay's getPublicKey may be called on behalf of notifications anyone can post
 * (docs/decisions/0034-ebay-account-deletion-and-key-fetches.md). The Notification API's default
 * quota is 10,000 calls a day per application, shared by all its methods, the day starting at
 * midnight US Pacific (https://developer.ebay.com/develop/api/sell/api_call_limits); eBay asks
 * that a key be cached, about an hour
 * (https://developer.ebay.com/api-docs/commerce/notification/resources/public_key/methods/getPublicKey).
 */
export interface PublicKeyLimits {
  /** How long a key eBay served is kept. */
  keyTtlMs: number;
  /** How long a key id eBay does not know is remembered as unknown (no second fetch meanwhile). */
  unknownKeyTtlMs: number;
  /** Fetches the budget allows at once, and how many it gains back per minute. */
  fetchBurst: number;
  fetchesPerMinute: number;
  /** Unknown key ids remembered at most; the oldest is forgotten first. */
  maxUnknown: number;
}

/** eBay's key ids are short printable tokens; anything else is refused without a fetch. */
const KEY_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * Notification public keys by key id: a key eBay served is cached, an id eBay does not know is
 * cached as unknown (negative caching), concurrent requests for one id share one fetch, and fetches
 * draw on a token bucket so a flood of made-up key ids spends at most `fetchBurst` calls at once and
 * `fetchesPerMinute` a minute after that. Known keys never wait for the budget: one whose hour is
 * up is used a while longer when the budget is spent (a key id names one key; the refetch only
 * notices a withdrawn key).
 */
export class PublicKeyCache {
  /** Keys eBay served: only as many as eBay has, so made-up ids never push them out. */
  private readonly keys = new Map<string, { key: KeyObject; until: number }>();
  /** Ids eBay does not know, bounded (the oldest forgotten first). */
  private readonly unknown = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<KeyObject | null>>();
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly limits: PublicKeyLimits,
    private readonly fetchKey: (kid: string) => Promise<KeyObject>,
    private readonly now: () => number,
  ) {
    this.tokens = limits.fetchBurst;
    this.refilledAt = now();
  }

  /**
   * The key, or null when eBay has no such key (the signature cannot be valid). Throws
   * RateLimitedError when the id is new and the budget is spent (retryable: eBay delivers again),
   * and the fetch's own retryable errors (eBay down) uncached.
   */
  async get(kid: string): Promise<KeyObject | null> {
    if (!KEY_ID.test(kid)) return null;
    const now = this.now();
    const known = this.keys.get(kid);
    if (known && known.until > now) return known.key;
    const unknownUntil = this.unknown.get(kid);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    const pending = this.inFlight.get(kid);
    if (pending) return pending;
    if (!this.take()) {
      if (known) return known.key;
      throw new RateLimitedError('eBay public key fetch budget spent; try again later', {
        retryAfterMs: Math.ceil(60_000 / this.limits.fetchesPerMinute),
      });
    }
    const fetching = this.fetch(kid).finally(() => this.inFlight.delete(kid));
    this.inFlight.set(kid, fetching);
    return fetching;
  }

  private async fetch(kid: string): Promise<KeyObject | null> {
    try {
      const key = await this.fetchKey(kid);
      this.keys.set(kid, { key, until: this.now() + this.limits.keyTtlMs });
      this.unknown.delete(kid);
      return key;
    } catch (error) {
      // eBay refused the id itself (404 unknown key, 400): remember that. Outages, throttling and
      // our own token trouble are not the id's fault and stay uncached.
      if (!(error instanceof ValidationError)) throw error;
      this.keys.delete(kid);
      this.unknown.delete(kid);
      this.unknown.set(kid, this.now() + this.limits.unknownKeyTtlMs);
      // A Map iterates in insertion order: the first entry is the oldest.
      while (this.unknown.size > this.limits.maxUnknown)
        this.unknown.delete(this.unknown.keys().next().value!);
      return null;
    }
  }

  /** Takes one fetch from the bucket after adding what the elapsed time gave back. */
  private take(): boolean {
    const now = this.now();
    const gained = ((now - this.refilledAt) / 60_000) * this.limits.fetchesPerMinute;
    this.tokens = Math.min(this.limits.fetchBurst, this.tokens + gained);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
