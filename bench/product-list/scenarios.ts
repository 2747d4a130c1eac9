/* The requests of the product list benchmark. */
import {
  productSortKeys,
  sortOrders,
  type ProductSortKey,
  type SortOrder,
} from '@stocksync/contract';

export interface Scenario {
  name: string;
  description: string;
  path: () => string;
}

export const PAGE_SIZE = 50;
export const SEARCHES = [
  'wool mug',
  'canvas backpack',
  'retro lamp',
  'cork notebook',
  'silk scarf',
];

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
export const randomInt = (min: number, max: number): number =>
  min + Math.floor(Math.random() * (max - min + 1));

/** Words of the seeded titles (seedCatalog): a material and a product, like SEARCHES. */
const MATERIALS = ['wool', 'canvas', 'cork', 'silk', 'linen', 'denim', 'oak', 'glass'];
const NOUNS = ['mug', 'backpack', 'lamp', 'notebook', 'scarf', 'hoodie', 'wallet', 'candle'];

/**
 * A two-word term like SEARCHES in random letter case: it matches what its lower-case form
 * matches (ILIKE), but the server holds matches per exact term, so it is a search never asked
 * before, answered by the trigram indexes.
 */
export function newSearchTerm(): string {
  return [...`${pick(MATERIALS)} ${pick(NOUNS)}`]
    .map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c))
    .join('');
}

/** Every sorted order the inventory table offers (issue 22 item 4): a column and a direction. */
export const SORTED_ORDERS: readonly { key: ProductSortKey; direction: SortOrder }[] =
  productSortKeys.flatMap((key) => sortOrders.map((direction) => ({ key, direction })));

const sortQuery = (order: { key: ProductSortKey; direction: SortOrder }) =>
  `sort=${order.key}&order=${order.direction}`;

/** `lastPage` of the seeded list at PAGE_SIZE; `ids` some product ids for the detail requests. */
export function productListScenarios(lastPage: number, ids: readonly string[]): Scenario[] {
  const deepFrom = Math.floor(lastPage * 0.95);
  return [
    {
      name: 'list-first',
      description: `GET /v1/products?page=1&pageSize=${PAGE_SIZE}`,
      path: () => `/v1/products?page=1&pageSize=${PAGE_SIZE}`,
    },
    {
      name: 'list-deep',
      description: `random page in the last 5% (${deepFrom}–${lastPage})`,
      path: () => `/v1/products?page=${randomInt(deepFrom, lastPage)}&pageSize=${PAGE_SIZE}`,
    },
    {
      name: 'list-random',
      description: `random page 1–${lastPage}`,
      path: () => `/v1/products?page=${randomInt(1, lastPage)}&pageSize=${PAGE_SIZE}`,
    },
    {
      name: 'search',
      description: `first page of a two-word search (${SEARCHES.join(', ')})`,
      path: () =>
        `/v1/products?page=1&pageSize=${PAGE_SIZE}&search=${encodeURIComponent(pick(SEARCHES))}`,
    },
    {
      name: 'search-new',
      description:
        'first page of a search never asked before (a material and a product of the seed in random letter case, so no held matches)',
      path: () =>
        `/v1/products?page=1&pageSize=${PAGE_SIZE}&search=${encodeURIComponent(newSearchTerm())}`,
    },
    {
      name: 'sorted-first',
      description:
        'first page sorted by a random column and direction (title, SKU, quantity, synced, last changed; asc or desc)',
      path: () => `/v1/products?page=1&pageSize=${PAGE_SIZE}&${sortQuery(pick(SORTED_ORDERS))}`,
    },
    {
      name: 'sorted-deep',
      description: `random page in the last 5% (${deepFrom}–${lastPage}), sorted by a random column and direction`,
      path: () =>
        `/v1/products?page=${randomInt(deepFrom, lastPage)}&pageSize=${PAGE_SIZE}&${sortQuery(pick(SORTED_ORDERS))}`,
    },
    {
      name: 'sorted-random',
      description: `random page 1–${lastPage}, sorted by a random column and direction`,
      path: () =>
        `/v1/products?page=${randomInt(1, lastPage)}&pageSize=${PAGE_SIZE}&${sortQuery(pick(SORTED_ORDERS))}`,
    },
    {
      name: 'sorted-search',
      description:
        'first page of a two-word search (as search) sorted by a random column and direction',
      path: () =>
        `/v1/products?page=1&pageSize=${PAGE_SIZE}&search=${encodeURIComponent(pick(SEARCHES))}&${sortQuery(pick(SORTED_ORDERS))}`,
    },
    {
      name: 'detail',
      description: 'GET /v1/products/{random id}',
      path: () => `/v1/products/${pick(ids)}`,
    },
  ];
}
