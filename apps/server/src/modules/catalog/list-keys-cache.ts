import type { ListKey } from './products-repository';

/**
 * Rows between two remembered positions of an organisation's product list: the default page size,
 * so every page of 10, 25, 50 or 100 starts exactly at a remembered row and is read as one index
 * range with nothing skipped. About 3 bytes per product of the organisations held.
 */
export const LIST_KEY_STEP = 50;
const MAX_ORGANIZATIONS = 500;

interface Entry<K> {
  version: string;
  keys: Promise<K[]>;
}

/**
 * Remembers every LIST_KEY_STEP-th row of each organisation's product list (newest first), so a
 * deep page starts its scan at the nearest remembered row and skips fewer than LIST_KEY_STEP
 * rows, instead of OFFSET walking up to the whole catalogue. An entry is valid for one
 * list_version (bumped by the database whenever a product is added or removed); concurrent
 * requests share one computation.
 */
export class ListKeysCache<K = ListKey> {
  private readonly entries = new Map<string, Entry<K>>();
  private readonly refreshing = new Set<string>();

  constructor(private readonly load: (organizationId: string) => Promise<K[]>) {}

  /** Where to start for `offset`: the remembered key at or before it and the rows left to skip. */
  async startFor(
    organizationId: string,
    version: string,
    offset: number,
  ): Promise<{ from?: K; offset: number }> {
    const index = Math.floor(offset / LIST_KEY_STEP);
    if (index === 0) return { offset };
    const keys = await this.keys(organizationId, version);
    const usable = Math.min(index, keys.length - 1);
    if (usable <= 0) return { offset };
    return { from: keys[usable], offset: offset - usable * LIST_KEY_STEP };
  }

  /**
   * Takes the keys again for `version` in the background, the held ones serving until then: for
   * orders whose positions drift with every sale, where waiting for fresh keys would stall every
   * request of the order for as long as the window query takes (ADR 0050).
   */
  refresh(organizationId: string, version: string): void {
    const cached = this.entries.get(organizationId);
    if (!cached || cached.version === version || this.refreshing.has(organizationId)) return;
    this.refreshing.add(organizationId);
    this.load(organizationId)
      .then(
        (keys) => {
          this.entries.delete(organizationId);
          this.entries.set(organizationId, { version, keys: Promise.resolve(keys) });
        },
        () => undefined,
      )
      .finally(() => this.refreshing.delete(organizationId));
  }

  /** The list_version of the keys held for the organisation, if any. */
  versionOf(organizationId: string): string | undefined {
    return this.entries.get(organizationId)?.version;
  }

  private keys(organizationId: string, version: string): Promise<K[]> {
    const cached = this.entries.get(organizationId);
    if (cached && cached.version === version) {
      // Refresh recency for the simple LRU below.
      this.entries.delete(organizationId);
      this.entries.set(organizationId, cached);
      return cached.keys;
    }
    const keys = this.load(organizationId);
    const entry = { version, keys };
    this.entries.delete(organizationId);
    this.entries.set(organizationId, entry);
    keys.catch(() => {
      if (this.entries.get(organizationId) === entry) this.entries.delete(organizationId);
    });
    while (this.entries.size > MAX_ORGANIZATIONS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return keys;
  }
}
