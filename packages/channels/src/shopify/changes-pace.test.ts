import { describe, expect, it } from 'vitest';
import { CHANGES_SHARE, changesPageCost, changesReadWaitMs } from './changes-pace';

/** Shopify's Standard plan as the emulator has it: 2,000 points, 100 restored a second. */
const standard = (currentlyAvailable: number, at = 0) => ({
  maximumAvailable: 2_000,
  currentlyAvailable,
  restoreRate: 100,
  at,
});

const PAGE = changesPageCost(100);
const MINUTE = 60_000;

/** A pass that began at 0 and has reserved `spent` points, checked every minute. */
const pass = (spent: number, now = 0) => ({ spent, elapsedMs: now, periodMs: MINUTE });

describe('the incremental check’s pace on Shopify’s cost bucket', () => {
  it('a page of 100 levels reserves 303 points; the check’s share is half', () => {
    expect(PAGE).toBe(303);
    expect(CHANGES_SHARE).toBe(0.5);
  });

  it('nothing known yet, or a bucket that does not refill: no pacing', () => {
    expect(changesReadWaitMs(undefined, PAGE, pass(0), 0)).toBe(0);
    expect(changesReadWaitMs({ ...standard(0), restoreRate: 0 }, PAGE, pass(0), 0)).toBe(0);
  });

  it('a pass within half of a minute’s restore (3,000 points) reads on at once', () => {
    expect(changesReadWaitMs(standard(2_000), PAGE, pass(0, 0), 0)).toBe(0);
    // Eight pages reserved (2,424): the ninth still fits in 3,000.
    expect(changesReadWaitMs(standard(2_000), PAGE, pass(8 * PAGE, 1_000), 1_000)).toBe(0);
  });

  it('a longer pass reads on at half the restore rate since it began', () => {
    // Ten pages (3,030 points) take 60.6 s at 50 a second: the tenth waits until then.
    expect(changesReadWaitMs(standard(2_000), PAGE, pass(9 * PAGE, 1_000), 1_000)).toBe(59_600);
    // Eleven pages (3,333 points) take 66.66 s at 50 a second: the eleventh waits until then.
    expect(changesReadWaitMs(standard(2_000), PAGE, pass(10 * PAGE, 10_000), 10_000)).toBe(56_660);
    expect(changesReadWaitMs(standard(2_000), PAGE, pass(10 * PAGE, 66_660), 66_660)).toBe(0);
    // Plus restores 1,000 a second: 30,000 points a minute for the check, 99 pages.
    const plus = {
      maximumAvailable: 20_000,
      currentlyAvailable: 20_000,
      restoreRate: 1_000,
      at: 0,
    };
    expect(changesReadWaitMs(plus, PAGE, pass(98 * PAGE, 5_000), 5_000)).toBe(0);
    expect(changesReadWaitMs(plus, PAGE, pass(99 * PAGE, 5_000), 5_000)).toBe(55_600);
  });

  it('waits while the bucket would hold less than half after the page, as it refills', () => {
    expect(changesReadWaitMs(standard(1_303), PAGE, pass(0, 0), 0)).toBe(0);
    // 1,303 needed, 500 held: 803 points at 100 a second.
    expect(changesReadWaitMs(standard(500), PAGE, pass(0, 0), 0)).toBe(8_030);
    // Three seconds after that answer, 300 of them are back.
    expect(changesReadWaitMs(standard(500), PAGE, pass(0, 3_000), 3_000)).toBe(5_030);
    expect(changesReadWaitMs(standard(500), PAGE, pass(0, 8_030), 8_030)).toBe(0);
    // An empty bucket: the pushes get their half back before the check reads again.
    expect(changesReadWaitMs(standard(0), PAGE, pass(0, 0), 0)).toBe(13_030);
    // Both rules: the longer wait.
    expect(changesReadWaitMs(standard(0, 60_000), PAGE, pass(10 * PAGE, 60_000), 60_000)).toBe(
      13_030,
    );
    expect(changesReadWaitMs(standard(1_900, 60_000), PAGE, pass(10 * PAGE, 60_000), 60_000)).toBe(
      6_660,
    );
  });

  it('a bucket smaller than half plus a page: waits for a full bucket', () => {
    const tiny = { maximumAvailable: 400, currentlyAvailable: 100, restoreRate: 10, at: 0 };
    const hourly = { spent: 0, elapsedMs: 0, periodMs: 60 * MINUTE };
    expect(changesReadWaitMs(tiny, PAGE, hourly, 0)).toBe(30_000);
  });
});
