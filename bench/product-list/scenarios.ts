/* The requests of the product list benchmark. */

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
      name: 'detail',
      description: 'GET /v1/products/{random id}',
      path: () => `/v1/products/${pick(ids)}`,
    },
  ];
}
