import { describe, expect, it } from 'vitest';
import { shopifySearchQuery } from '../shopify/catalogue';
import { matchesSearch, scanPages, SEARCH_SCAN_MAX_PAGES } from './search';

/** A channel of `total` numbered items, `size` a page, the cursor being the next offset. */
function channel(total: number, size: number) {
  const reads: Array<string | null> = [];
  const fetchPage = async (cursor: string | null) => {
    reads.push(cursor);
    const from = cursor ? Number(cursor) : 0;
    const items = Array.from({ length: Math.min(size, total - from) }, (_, i) => from + i);
    const next = from + size;
    return { items, nextCursor: next < total ? String(next) : null };
  };
  return { reads, fetchPage };
}

describe('scanPages', () => {
  it('stops at the page bound and answers the cursor to continue from', async () => {
    const c = channel(10_000, 100);
    const page = await scanPages(c.fetchPage, (n) => n === 9_999, { cursor: null, wanted: 10 });
    expect(c.reads).toHaveLength(SEARCH_SCAN_MAX_PAGES);
    expect(page).toEqual({ items: [], nextCursor: String(SEARCH_SCAN_MAX_PAGES * 100) });
  });

  it('stops once enough matches are found, keeping all of the last page', async () => {
    const c = channel(1_000, 10);
    const page = await scanPages(c.fetchPage, (n) => n % 3 === 0, { cursor: '20', wanted: 5 });
    expect(c.reads).toEqual(['20', '30']);
    expect(page.items).toEqual([21, 24, 27, 30, 33, 36, 39]);
    expect(page.nextCursor).toBe('40');
  });

  it('ends with a null cursor when the catalogue ends within the bound', async () => {
    const c = channel(25, 10);
    const page = await scanPages(c.fetchPage, (n) => n > 20, { cursor: null, wanted: 50 });
    expect(page).toEqual({ items: [21, 22, 23, 24], nextCursor: null });
  });
});

describe('matchesSearch', () => {
  it('needs every word in the title, in any order, or the whole search as a SKU', () => {
    expect(matchesSearch('tee RED', 'Red cotton Tee', [])).toBe(true);
    expect(matchesSearch('red shirt', 'Red cotton Tee', [])).toBe(false);
    expect(matchesSearch('ss-0001', 'Anything', ['SS-0001'])).toBe(true);
    expect(matchesSearch('ss-000', 'Anything', ['SS-0001'])).toBe(false);
    expect(matchesSearch('   ', 'Anything', [])).toBe(true);
  });
});

describe('shopifySearchQuery', () => {
  it('quotes each title word and the SKU, dropping quotes and backslashes', () => {
    expect(shopifySearchQuery('Red  tee')).toBe('(title:"red" title:"tee") OR sku:"red tee"');
    expect(shopifySearchQuery('a"b\\c OR')).toBe(
      '(title:"a" title:"b" title:"c" title:"or") OR sku:"a b c or"',
    );
    expect(shopifySearchQuery(' " ')).toBeNull();
    expect(shopifySearchQuery(undefined)).toBeNull();
  });
});
