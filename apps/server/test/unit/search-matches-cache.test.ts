import { describe, expect, it } from 'vitest';
import {
  catalogVersion,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from '../../src/modules/catalog/search-matches-cache';

const ids = (n: number, prefix = 'id') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('SearchMatchesCache', () => {
  it('keys holds by organisation and exact term', () => {
    const cache = new SearchMatchesCache();
    cache.set('org-a', 'lamp', { version: '1.0', total: 2, ids: ['a', 'b'] });
    expect(cache.get('org-a', 'lamp')?.ids).toEqual(['a', 'b']);
    expect(cache.get('org-b', 'lamp')).toBeUndefined();
    expect(cache.get('org-a', 'Lamp')).toBeUndefined();
    expect(cache.get('org-a\u0000lamp', '')).toBeUndefined();
  });

  it('serves pages only within what it holds, or any page once it holds every match', () => {
    const partial = { version: '1.0', total: 5000, ids: ids(SEARCH_MATCHES_HELD) };
    expect(SearchMatchesCache.page(partial, 0, 50)).toEqual(ids(50));
    expect(SearchMatchesCache.page(partial, SEARCH_MATCHES_HELD - 50, 50)).toHaveLength(50);
    expect(SearchMatchesCache.page(partial, SEARCH_MATCHES_HELD - 49, 50)).toBeNull();
    const complete = { version: '1.0', total: 3, ids: ids(3) };
    expect(SearchMatchesCache.page(complete, 2, 50)).toEqual(['id2']);
    expect(SearchMatchesCache.page(complete, 100, 50)).toEqual([]);
  });

  it('lets the least recently used holds go beyond 100,000 ids', () => {
    const cache = new SearchMatchesCache();
    for (let i = 0; i < 100; i++) {
      cache.set('org', `term${i}`, { version: '1.0', total: 1000, ids: ids(1000, `t${i}-`) });
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

  it('names a version by both counters', () => {
    expect(catalogVersion({ listVersion: '12', searchVersion: '3' })).toBe('12.3');
  });
});
