import { describe, expect, it } from 'vitest';
import type { ChannelSeriesRow } from './sales-repository';
import { addDecimals, exactSums, salesSummary } from './sales-summary';

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

const [a, b] = ['0a000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000'];

/** A channel's series row from [day offset, units, revenue] triples. */
function channel(id: string, rows: Array<[number, number, string]>): ChannelSeriesRow {
  const [whole, hundredths] = [rows.map((r) => r[2].split('.')), rows.map((r) => r[2])];
  return {
    connection_id: id,
    days: rows.map((r) => r[0]),
    units: rows.map((r) => r[1]),
    revenue_whole: whole.map(([w]) => Math.trunc(Number(w))),
    revenue_hundredths: hundredths.map(
      (r) => (r.startsWith('-') ? -1 : 1) * Number(r.split('.')[1]),
    ),
    estimated_units: '0',
    estimated_revenue: '0.00',
    unvalued_units: '0',
  };
}

describe('salesSummary', () => {
  it("adds a day and channel's folded and pending rows, channels in id order", () => {
    const summary = salesSummary(
      { from: '2026-03-01', to: '2026-03-02' },
      'USD',
      [
        channel(b, [
          [1, 2, '3.10'],
          [1, 4, '1.05'],
        ]),
        channel(a, [[1, 1, '0.95']]),
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
    expect(summary.totals).toEqual({ units: 7, revenue: '5.10' });
    expect(summary.channels.map((c) => [c.connectionId, c.units, c.revenue])).toEqual([
      [b, 6, '4.15'],
      [a, 1, '0.95'],
    ]);
  });
});

describe('exactSums', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

  it('adds negative amounts and hundredths exactly', () => {
    const sums = exactSums(days, [
      channel(a, [
        [0, 1, '-0.05'],
        [0, 2, '10.10'],
        [2, -1, '-12.34'],
      ]),
    ]);
    expect(sums.days.map((d) => d.revenue)).toEqual(['10.05', '0.00', '-12.34']);
    expect(sums.revenue).toBe('-2.29');
    expect(sums.units).toBe(2);
  });

  it('goes on in BigInt past 2^53 hundredths, exact to the cent', () => {
    // Each value fits numeric(16,2); their hundredths and sums do not fit a double exactly.
    const sums = exactSums(days, [
      channel(a, [
        [0, 1, '99999999999999.99'],
        [0, 1, '99999999999999.99'],
        [1, 1, '0.03'],
      ]),
      channel(b, [[0, 1, '90071992547409.91']]),
    ]);
    expect(sums.days[0]!.revenue).toBe('290071992547409.89');
    expect(sums.channels.map((c) => c.revenue)).toEqual([
      '200000000000000.01',
      '90071992547409.91',
    ]);
    expect(sums.revenue).toBe('290071992547409.92');
  });
});
