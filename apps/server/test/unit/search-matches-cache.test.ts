import { describe, expect, it } from 'vitest';
import {
  catalogVersion,
  HeldIds,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from '../../src/modules/catalog/search-matches-cache';

/** The i-th of some uuids, in text as PostgreSQL writes them. */
const uuid = (i: number, group = 0) =>
  `${group.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const list = (n: number, group = 0) => Array.from({ length: n }, (_, i) => uuid(i, group));
/** n ids held as the search statement returns them. */
const ids = (n: number, group = 0) => new HeldIds(list(n, group).join(','));

describe('SearchMatchesCache', () => {
  it('keys holds by organisation and exact term', () => {
    const cache = new SearchMatchesCache();
    cache.set('org-a', 'lamp', { version: '1.0', total: 2, ids: ids(2) });
    expect(cache.get('org-a', 'lamp')?.ids.slice(0, 50)).toEqual(list(2));
    expect(cache.get('org-b', 'lamp')).toBeUndefined();
    expect(cache.get('org-a', 'Lamp')).toBeUndefined();
    expect(cache.get('org-a\u0000lamp', '')).toBeUndefined();
  });

  it('serves pages only within what it holds, or any page once it holds every match', () => {
    const partial = { version: '1.0', total: 5000, ids: ids(SEARCH_MATCHES_HELD) };
    expect(SearchMatchesCache.page(partial, 0, 50)).toEqual(list(50));
    expect(SearchMatchesCache.page(partial, SEARCH_MATCHES_HELD - 50, 50)).toEqual(
      list(SEARCH_MATCHES_HELD).slice(-50),
    );
    expect(SearchMatchesCache.page(partial, SEARCH_MATCHES_HELD - 49, 50)).toBeNull();
    const complete = { version: '1.0', total: 3, ids: ids(3) };
    expect(SearchMatchesCache.page(complete, 2, 50)).toEqual([uuid(2)]);
    expect(SearchMatchesCache.page(complete, 100, 50)).toEqual([]);
    const none = { version: '1.0', total: 0, ids: ids(0) };
    expect(SearchMatchesCache.page(none, 0, 50)).toEqual([]);
  });

  it('lets the least recently used holds go beyond 100,000 ids', () => {
    const cache = new SearchMatchesCache();
    for (let i = 0; i < 100; i++) {
      cache.set('org', `term${i}`, { version: '1.0', total: 1000, ids: ids(1000, i) });
    }
    expect(cache.get('org', 'term0')).toBeDefined(); // now the most recently used
    cache.set('org', 'one more', { version: '1.0', total: 1000, ids: ids(1000) });
    expect(cache.get('org', 'term0')).toBeDefined();
    expect(cache.get('org', 'term1')).toBeUndefined();
    expect(cache.get('org', 'term2')).toBeDefined();
    // Replacing a hold does not count its ids twice.
    cache.set('org', 'term2', { version: '2.0', total: 1000, ids: ids(1000) });
    expect(cache.get('org', 'term3')).toBeDefined();
  });

  it('holds ids only as uuids joined by commas', () => {
    expect(ids(0).count).toBe(0);
    expect(ids(1).count).toBe(1);
    expect(ids(SEARCH_MATCHES_HELD).count).toBe(SEARCH_MATCHES_HELD);
    expect(() => new HeldIds('a,b')).toThrow('uuids joined by commas');
    expect(() => new HeldIds(`${uuid(1)},`)).toThrow('uuids joined by commas');
  });

  it('names a version by both counters', () => {
    expect(catalogVersion({ listVersion: '12', searchVersion: '3' })).toBe('12.3');
  });
});
