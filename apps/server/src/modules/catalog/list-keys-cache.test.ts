import { describe, expect, it } from 'vitest';
import { LIST_KEY_STEP, ListKeysCache } from './list-keys-cache';

/** A cache whose loads answer keys named after the load's number, and that counts them. */
function countingCache() {
  let loads = 0;
  const release: (() => void)[] = [];
  const cache = new ListKeysCache<string>(async () => {
    loads += 1;
    const n = loads;
    await new Promise<void>((resolve) => release.push(resolve));
    return Array.from({ length: 10 }, (_, i) => `load${n}-key${i}`);
  });
  return { cache, loads: () => loads, release: () => release.splice(0).forEach((r) => r()) };
}

describe('ListKeysCache', () => {
  it('waits for keys of a new version, shared by concurrent requests', async () => {
    const { cache, loads, release } = countingCache();
    const a = cache.startFor('org', 'v1', 2 * LIST_KEY_STEP + 3);
    const b = cache.startFor('org', 'v1', 5 * LIST_KEY_STEP);
    release();
    expect(await a).toEqual({ from: 'load1-key2', offset: 3 });
    expect(await b).toEqual({ from: 'load1-key5', offset: 0 });
    expect(loads()).toBe(1);
  });

  it('refreshes in the background, serving the held keys until the new ones are there', async () => {
    const { cache, loads, release } = countingCache();
    const first = cache.startFor('org', 'v1', LIST_KEY_STEP);
    release();
    await first;
    cache.refresh('org', 'v2');
    cache.refresh('org', 'v2');
    expect(loads()).toBe(2);
    // Still the held version's keys while the refresh loads.
    expect(cache.versionOf('org')).toBe('v1');
    expect(await cache.startFor('org', 'v1', LIST_KEY_STEP)).toEqual({
      from: 'load1-key1',
      offset: 0,
    });
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.versionOf('org')).toBe('v2');
    expect(await cache.startFor('org', 'v2', LIST_KEY_STEP)).toEqual({
      from: 'load2-key1',
      offset: 0,
    });
    // Nothing held yet: a refresh does nothing (the first request waits for its keys).
    cache.refresh('other', 'v1');
    expect(loads()).toBe(2);
  });
});
