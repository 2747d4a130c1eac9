import { describe, expect, it } from 'vitest';
import { analyticsRangeSearchSchema, isCustomRange, rangeOf } from './analytics-range';

const now = new Date('2026-03-10T23:30:00Z');

describe('the dashboard range in the URL', () => {
  it('asks for the last 30 UTC days by default and for 7 or 90 when chosen', () => {
    expect(rangeOf({}, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(rangeOf({ days: 7 }, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeOf({ days: 90 }, now)).toEqual({ from: '2025-12-11', to: '2026-03-10' });
  });

  it('uses a custom range only when both days are real, in order and at most 366 days apart', () => {
    const custom = { from: '2026-01-01', to: '2026-01-31' };
    expect(isCustomRange(custom)).toBe(true);
    expect(rangeOf({ ...custom, days: 7 }, now)).toEqual(custom);
    expect(isCustomRange({ from: '2026-02-01', to: '2026-01-31' })).toBe(false);
    expect(isCustomRange({ from: '2024-01-01', to: '2025-01-02' })).toBe(false);
    expect(rangeOf({ from: '2026-01-01' }, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('drops what an old or hand-edited link gets wrong instead of failing', () => {
    expect(
      analyticsRangeSearchSchema.parse({ days: 14, from: '2026-02-30', to: 'tomorrow' }),
    ).toEqual({ days: undefined, from: undefined, to: undefined });
    expect(analyticsRangeSearchSchema.parse({ days: 90, from: '2026-01-01' })).toEqual({
      days: 90,
      from: '2026-01-01',
      to: undefined,
    });
  });
});
