import type { Page } from './types';

/**
 * Search within a remote catalogue, the same meaning on every channel: a product matches when its
 * title contains every word of the search (case-insensitive), or when one of its SKUs equals the
 * whole search (case-insensitive). Shopify answers this itself (`products(query:)`); channels
 * without a text filter (eBay's Inventory API, TikTok Shop's product search) are scanned page by
 * page here, within a bound.
 */

/** The words of a search, lower-cased; empty for a blank search. */
export function searchWords(search: string | undefined | null): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesSearch(search: string, title: string, skus: readonly string[]): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const lowerTitle = title.toLowerCase();
  if (words.every((word) => lowerTitle.includes(word))) return true;
  const whole = words.join(' ');
  return skus.some((sku) => sku.trim().toLowerCase() === whole);
}

/** Channel pages a scanning search reads per request at most (see scanPages). */
export const SEARCH_SCAN_MAX_PAGES = 5;

/**
 * Reads channel pages from `cursor` and keeps the items `keep` accepts, until `wanted` matches are
 * found, the catalogue ends, or `maxPages` pages were read: the bound on one request. The answer's
 * cursor is the channel cursor after the last page read, so asking again with it continues the
 * scan; a page may therefore hold no items yet a cursor (nothing matched within the bound), or more
 * than `wanted` (all matches of the last page read are kept).
 */
export async function scanPages<T>(
  fetchPage: (cursor: string | null) => Promise<Page<T>>,
  keep: (item: T) => boolean,
  options: { cursor: string | null; wanted: number; maxPages?: number },
): Promise<Page<T>> {
  const maxPages = options.maxPages ?? SEARCH_SCAN_MAX_PAGES;
  const items: T[] = [];
  let cursor = options.cursor;
  let pages = 0;
  do {
    const page = await fetchPage(cursor);
    pages++;
    items.push(...page.items.filter(keep));
    cursor = page.nextCursor;
  } while (cursor && items.length < options.wanted && pages < maxPages);
  return { items, nextCursor: cursor };
}
