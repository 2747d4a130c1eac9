import { describe, expect, it } from 'vitest';
import { AuthError, RateLimitedError, TransientError } from './errors';
import { withRetry } from './retry';

const failing = (errors: Error[]) => {
  let calls = 0;
  const fn = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return calls;
  };
  return { fn, calls: () => calls };
};

describe('withRetry', () => {
  it('waits retryAfterMs after a rate limit and back-off after transient errors', async () => {
    const waits: number[] = [];
    const { fn } = failing([
      new RateLimitedError('slow', { retryAfterMs: 1234 }),
      new TransientError('5xx'),
    ]);
    const result = await withRetry(fn, {
      attempts: 3,
      baseDelayMs: 100,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe(3);
    expect(waits).toEqual([1234, 200]);
  });

  it('does not retry errors that are not retryable', async () => {
    const { fn, calls } = failing([new AuthError('revoked')]);
    await expect(withRetry(fn, { sleep: async () => undefined })).rejects.toBeInstanceOf(AuthError);
    expect(calls()).toBe(1);
  });

  it('gives up after the given attempts with the last error, capping each wait', async () => {
    const waits: number[] = [];
    const { fn, calls } = failing([
      new RateLimitedError('a', { retryAfterMs: 90_000 }),
      new TransientError('b'),
      new TransientError('c'),
    ]);
    await expect(
      withRetry(fn, { attempts: 3, maxDelayMs: 5_000, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow('c');
    expect(calls()).toBe(3);
    expect(waits).toEqual([5_000, 1_000]);
  });
});
