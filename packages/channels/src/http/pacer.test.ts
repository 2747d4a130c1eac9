import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer';

describe('Pacer', () => {
  it('lets a burst start at once, then spaces calls by the rate', () => {
    let now = 1_000;
    const pacer = new Pacer(10, 3, () => now);
    expect([pacer.reserve('a'), pacer.reserve('a'), pacer.reserve('a')]).toEqual([0, 0, 0]);
    // Concurrent callers beyond the burst queue up 100 ms apart.
    expect(pacer.reserve('a')).toBeCloseTo(100);
    expect(pacer.reserve('a')).toBeCloseTo(200);
    // Other keys have their own bucket.
    expect(pacer.reserve('b')).toBe(0);
    now += 1_000;
    // After a second the debt (2 calls) is paid and 8 tokens came back, capped at the burst.
    expect(pacer.reserve('a')).toBe(0);
    expect(pacer.reserve('a')).toBe(0);
    expect(pacer.reserve('a')).toBe(0);
    expect(pacer.reserve('a')).toBeCloseTo(100);
  });

  it('never starts more than burst + rate calls in any second', () => {
    let now = 0;
    const pacer = new Pacer(40, 5, () => now);
    const starts: number[] = [];
    for (let i = 0; i < 400; i++) {
      now = i * 5; // a caller every 5 ms, far above the rate
      starts.push(now + pacer.reserve('shop'));
    }
    starts.sort((a, b) => a - b);
    for (let i = 0; i < starts.length; i++) {
      const inWindow = starts.filter((s) => s >= starts[i]! && s < starts[i]! + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(45);
    }
  });
});
