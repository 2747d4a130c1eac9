/** How many pages `total` items fill at `pageSize` a page (an empty list still has page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page to show for a requested one: the API answers a page past the end with no rows and the
 * real total, so a page beyond the last (an old link, rows deleted meanwhile) becomes the last.
 */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCountOf(total, pageSize));
}

/** "first–last" item numbers shown on a page (0–0 for an empty list). */
export function pageRange(page: number, total: number, pageSize: number) {
  if (total === 0) return { first: 0, last: 0 };
  const shown = clampPage(page, total, pageSize);
  return { first: (shown - 1) * pageSize + 1, last: Math.min(total, shown * pageSize) };
}
