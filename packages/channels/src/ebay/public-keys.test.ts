import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RateLimitedError, TransientError, ValidationError } from '../port/errors';
import { PublicKeyCache, type PublicKeyLimits } from './public-keys';

const LIMITS: PublicKeyLimits = {
  keyTtlMs: 3_600_000,
  unknownKeyTtlMs: 3_600_000,
  fetchBurst: 3,
  fetchesPerMinute: 2,
  maxUnknown: 100,
};

const GENUINE = 'genuine-key-1';
const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/** A cache over a fake getPublicKey that knows GENUINE (and `also`), counting its calls. */
function setup(limits: Partial<PublicKeyLimits> = {}, also: string[] = []) {
  let now = 1_000_000;
  const fetched: string[] = [];
  let outage = false;
  const cache = new PublicKeyCache(
    { ...LIMITS, ...limits },
    async (kid): Promise<KeyObject> => {
      fetched.push(kid);
      await Promise.resolve();
      if (outage) throw new TransientError('eBay answered 500', { status: 500 });
      if (kid === GENUINE || also.includes(kid)) return publicKey;
      throw new ValidationError('eBay answered 404 (The specified key id is invalid.)', {
        status: 404,
      });
    },
    () => now,
  );
  return {
    cache,
    fetched,
    advance: (ms: number) => (now += ms),
    setOutage: (on: boolean) => (outage = on),
  };
}

describe('eBay notification public keys', () => {
  it('asks eBay once per unknown key id within the hour, and again after it', async () => {
    const { cache, fetched, advance } = setup();
    for (let i = 0; i < 5; i++) expect(await cache.get('made-up')).toBeNull();
    expect(fetched).toEqual(['made-up']);
    advance(LIMITS.unknownKeyTtlMs + 1);
    expect(await cache.get('made-up')).toBeNull();
    expect(fetched).toEqual(['made-up', 'made-up']);
  });

  it('shares one fetch between concurrent requests for the same id', async () => {
    const { cache, fetched } = setup();
    const keys = await Promise.all(Array.from({ length: 20 }, () => cache.get(GENUINE)));
    expect(keys.every((k) => k === publicKey)).toBe(true);
    expect(fetched).toEqual([GENUINE]);
  });

  it('spends at most the burst on a flood of new ids, then the per-minute rate', async () => {
    const { cache, fetched, advance } = setup();
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => cache.get(`bogus-${i}`)),
    );
    expect(fetched).toHaveLength(LIMITS.fetchBurst);
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(50 - LIMITS.fetchBurst);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(RateLimitedError);
    // Half a minute gives one fetch back at 2 a minute.
    advance(30_000);
    await expect(cache.get('bogus-late-1')).resolves.toBeNull();
    await expect(cache.get('bogus-late-2')).rejects.toBeInstanceOf(RateLimitedError);
    expect(fetched).toHaveLength(LIMITS.fetchBurst + 1);
  });

  it('keeps verifying with a known key during a flood, and fetches a new genuine id once the budget allows', async () => {
    const { cache, fetched, advance } = setup({}, ['genuine-key-2']);
    expect(await cache.get(GENUINE)).toBe(publicKey);
    await Promise.allSettled(Array.from({ length: 30 }, (_, i) => cache.get(`bogus-${i}`)));
    expect(await cache.get(GENUINE)).toBe(publicKey);
    // The hour is up while the budget is spent: the key it has is used, not refused.
    advance(LIMITS.keyTtlMs + 1);
    await Promise.allSettled(Array.from({ length: 30 }, (_, i) => cache.get(`flood-${i}`)));
    expect(await cache.get(GENUINE)).toBe(publicKey);
    await expect(cache.get('genuine-key-2')).rejects.toBeInstanceOf(RateLimitedError);
    advance(30_000);
    expect(await cache.get('genuine-key-2')).toBe(publicKey);
    expect(fetched.filter((k) => k.startsWith('genuine'))).toEqual([GENUINE, 'genuine-key-2']);
  });

  it('does not cache an outage as an unknown id, and refuses junk ids without a fetch', async () => {
    const { cache, fetched, setOutage } = setup();
    setOutage(true);
    await expect(cache.get(GENUINE)).rejects.toBeInstanceOf(TransientError);
    setOutage(false);
    expect(await cache.get(GENUINE)).toBe(publicKey);
    expect(await cache.get('x'.repeat(201))).toBeNull();
    expect(await cache.get('line\nbreak')).toBeNull();
    expect(await cache.get('')).toBeNull();
    expect(fetched).toEqual([GENUINE, GENUINE]);
  });

  it('remembers at most maxUnknown unknown ids, forgetting the oldest', async () => {
    const { cache, fetched } = setup({ maxUnknown: 2, fetchBurst: 10 });
    for (const kid of ['a1', 'a2', 'a3']) await cache.get(kid);
    await cache.get('a3');
    await cache.get('a1');
    expect(fetched).toEqual(['a1', 'a2', 'a3', 'a1']);
  });
});
