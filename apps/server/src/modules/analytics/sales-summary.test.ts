import { describe, expect, it } from 'vitest';
import { addDecimals, salesSummary } from './sales-summary';

describe('addDecimals', () => {
  it('adds two-place decimal strings exactly, signs and missing places included', () => {
    expect(addDecimals([])).toBe('0.00');
    expect(addDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(addDecimals(['1234567890123.45', '0.55'])).toBe('1234567890124.00');
    expect(addDecimals(['-1.05', '0.5', '3'])).toBe('2.45');
    expect(addDecimals(['-5.00', '2.25'])).toBe('-2.75');
    expect(addDecimals(['-0.01', '0.01'])).toBe('0.00');
    // Past a safe number of cents (and a value too long for one): BigInt, still exact.
    expect(addDecimals([...Array<string>(10).fill('9999999999999.99'), '0.03'])).toBe(
      '99999999999999.93',
    );
    expect(addDecimals(['12345678901234567.89', '0.11'])).toBe('12345678901234568.00');
    expect(addDecimals(['90071992547409.91', '0.01'])).toBe('90071992547409.92');
  });
});

describe('salesSummary', () => {
  it("adds a day and channel's folded and pending rows, channels in id order", () => {
    const [a, b] = ['0a000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000'];
    const summary = salesSummary(
      { from: '2026-03-01', to: '2026-03-02' },
      'USD',
      [],
      [
        ['2026-03-02', b, '2', '3.10'],
        ['2026-03-02', a, '1', '0.95'],
        ['2026-03-02', b, '4', '1.05'],
      ],
      [],
      new Map(),
    );
    expect(summary.days).toEqual([
      { day: '2026-03-01', units: 0, revenue: '0.00', channels: [] },
      {
        day: '2026-03-02',
        units: 7,
        revenue: '5.10',
        channels: [
          { connectionId: a, units: 1, revenue: '0.95' },
          { connectionId: b, units: 6, revenue: '4.15' },
        ],
      },
    ]);
  });
});
