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

/** A channel's series row from [day offset, units, revenue] triples, revenue in hundredths. */
function channel(id: string, rows: Array<[number, number, string]>): ChannelSeriesRow {
  return {
    connection_id: id,
    days: rows.map((r) => r[0]),
    units: rows.map((r) => r[1]),
    revenue: rows.map((r) => Number(r[2].replace('.', ''))),
    exact: true,
    estimated_units: '0',
    estimated_revenue: '0.00',
    unvalued_units: '0',
  };
}

/** The same row as PostgreSQL sends it when an amount is past 2^53 hundredths: revenue as text. */
function asText(id: string, rows: Array<[number, number, string]>): ChannelSeriesRow {
  return { ...channel(id, rows), revenue: rows.map((r) => r[2]), exact: false };
}

describe('salesSummary', () => {
  it("adds a day and channel's folded and pending rows, every day of the range", () => {
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
    expect(summary.daily).toEqual({
      days: ['2026-03-01', '2026-03-02'],
      units: [0, 7],
      revenue: ['0.00', '5.10'],
    });
    expect(summary.totals).toEqual({ units: 7, revenue: '5.10' });
    expect(summary.channels.map((c) => [c.connectionId, c.units, c.revenue, c.daily])).toEqual([
      [b, 6, '4.15', { units: [0, 6], revenue: ['0.00', '4.15'] }],
      [a, 1, '0.95', { units: [0, 1], revenue: ['0.00', '0.95'] }],
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
    expect(sums.daily.revenue).toEqual(['10.05', '0.00', '-12.34']);
    expect(sums.daily.units).toEqual([3, 0, -1]);
    expect(sums.channels[0]!.daily.revenue).toEqual(['10.05', '0.00', '-12.34']);
    expect(sums.revenue).toBe('-2.29');
    expect(sums.units).toBe(2);
  });

  it('goes on in BigInt past 2^53 hundredths, exact to the cent', () => {
    // Each value fits numeric(16,2); their hundredths and sums do not fit a double exactly.
    const sums = exactSums(days, [
      asText(a, [
        [0, 1, '99999999999999.99'],
        [0, 1, '99999999999999.99'],
        [1, 1, '0.03'],
        [2, 1, '-0.05'],
      ]),
      channel(b, [[0, 1, '90071992547409.91']]),
    ]);
    expect(sums.daily.revenue).toEqual(['290071992547409.89', '0.03', '-0.05']);
    expect(sums.channels[0]!.daily.revenue).toEqual(['199999999999999.98', '0.03', '-0.05']);
    expect(sums.channels.map((c) => c.revenue)).toEqual([
      '199999999999999.96',
      '90071992547409.91',
    ]);
    expect(sums.revenue).toBe('290071992547409.87');
  });
});
