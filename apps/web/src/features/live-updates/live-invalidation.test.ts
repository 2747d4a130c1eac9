import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveInvalidator, FLUSH_MS } from './live-invalidation';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

let client: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  for (const key of [
    ['products', ORG, 'list', { page: 1 }],
    ['products', ORG, 'detail', 'p1'],
    ['activities', ORG, 'list', { page: 1 }],
    ['imports', ORG, 'jobs', 'pc1'],
    ['products', OTHER, 'list', { page: 1 }],
    ['me'],
  ]) {
    client.setQueryData(key, { seeded: true });
  }
});
afterEach(() => vi.useRealTimers());

const stale = () =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.slice(0, 3).join(' '));

describe('live cache invalidation', () => {
  it('marks what a stock change affects, in this organisation only, once per burst', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const invalidator = createLiveInvalidator(client, ORG);
    for (let i = 0; i < 20; i++) invalidator.add({ kind: 'stock', data: {} });
    expect(stale()).toEqual([]);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(stale().sort()).toEqual([
      `activities ${ORG} list`,
      `products ${ORG} detail`,
      `products ${ORG} list`,
    ]);
  });

  it('marks imports on an import, and everything of the organisation on a reset', () => {
    const invalidator = createLiveInvalidator(client, ORG);
    invalidator.add({ kind: 'import', data: {} });
    vi.advanceTimersByTime(FLUSH_MS);
    expect(stale()).toContain(`imports ${ORG} jobs`);
    invalidator.add({ kind: 'reset' });
    vi.advanceTimersByTime(FLUSH_MS);
    expect(stale()).toHaveLength(4);
    expect(stale().join()).not.toContain(OTHER);
  });
});
