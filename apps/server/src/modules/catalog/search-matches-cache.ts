/**
 * Ids held per search: 20 pages of 50. A search matching more is still counted exactly; its
 * pages past the held ids are read by the full search.
 */
export const SEARCH_MATCHES_HELD = 1000;
/** Ids held over all organisations and terms (37 bytes each: some 4 MB at most). */
const MAX_IDS = 100_000;

/** A uuid's text (36 characters, as PostgreSQL writes it) and the comma after it. */
const ID_WIDTH = 37;

/**
 * Product ids in list order as the search statement returns them: uuids joined by commas. Held as
 * that one string, not as an array of ids: each search never asked before used to leave some 330
 * strings in the old generation for the collector to copy and mark, about a fifth of the server's
 * CPU for such a request (ADR 0016).
 */
export class HeldIds {
  readonly count: number;

  constructor(private readonly text: string) {
    if (text !== '' && (text.length + 1) % ID_WIDTH !== 0) {
      throw new Error('held ids must be uuids joined by commas');
    }
    this.count = text === '' ? 0 : (text.length + 1) / ID_WIDTH;
  }

  /** The ids from `offset`, at most `limit` of them. */
  slice(offset: number, limit: number): string[] {
    const end = Math.min(this.count, offset + limit);
    if (offset >= end) return [];
    return this.text.slice(offset * ID_WIDTH, end * ID_WIDTH - 1).split(',');
  }
}

/** The products a search term matched, as of one version of the organisation's catalogue. */
export interface SearchMatches {
  /** `list_version.search_version` of the organisation when they were read (migration 0010). */
  version: string;
  /** How many products matched. */
  total: number;
  /** The first of them in list order, at most SEARCH_MATCHES_HELD. */
  ids: HeldIds;
}

export const catalogVersion = (stats: { listVersion: string; searchVersion: string }): string =>
  `${stats.listVersion}.${stats.searchVersion}`;

/**
 * Remembers the products each recent (organisation, search term) matched, so that the pages of a
 * search and repeated searches read only their page's rows, not the trigram indexes again. A
 * hold is only used together with the catalogue version read in the same statement as the page:
 * the database bumps it whenever a title or a variant's SKU changes or a product is added or
 * removed, so a hold whose version differs is never used. Least recently used holds go first.
 */
export class SearchMatchesCache {
  private readonly entries = new Map<string, SearchMatches>();
  private held = 0;

  get(organizationId: string, term: string): SearchMatches | undefined {
    const key = keyOf(organizationId, term);
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(organizationId: string, term: string, matches: SearchMatches): void {
    const key = keyOf(organizationId, term);
    this.forget(key);
    this.entries.set(key, matches);
    this.held += matches.ids.count;
    while (this.held > MAX_IDS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  /** The ids of `offset`…`offset + limit` if the hold covers them (or the whole list is held). */
  static page(matches: SearchMatches, offset: number, limit: number): string[] | null {
    const complete = matches.ids.count === matches.total;
    if (!complete && offset + limit > matches.ids.count) return null;
    return matches.ids.slice(offset, limit);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.ids.count;
    this.entries.delete(key);
  }
}

const keyOf = (organizationId: string, term: string) => `${organizationId}\u0000${term}`;
