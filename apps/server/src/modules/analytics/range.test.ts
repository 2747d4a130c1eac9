import { describe, expect, it } from 'vitest';
import { daysOf, salesBlocks } from './range';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(day) / DAY_MS;

describe('salesBlocks', () => {
  it('covers every day of a range exactly once with aligned blocks, few of each span', () => {
    const ranges: [string, string][] = [
      ['2026-03-01', '2026-03-01'],
      ['2026-02-15', '2026-05-03'],
      ['2025-11-26', '2026-11-26'],
      ['2025-11-25', '2026-11-25'],
      ['2026-10-28', '2026-11-26'],
      ['2026-08-29', '2026-11-26'],
      ['2024-01-01', '2024-12-31'],
    ];
    for (const [from, to] of ranges) {
      const blocks = salesBlocks(from, to);
      const covered = blocks.flatMap((b) =>
        daysOf(
          b.start,
          new Date(Date.parse(b.start) + (b.span - 1) * DAY_MS).toISOString().slice(0, 10),
        ),
      );
      expect(covered).toEqual(daysOf(from, to));
      for (const block of blocks) expect(dayNumber(block.start) % block.span).toBe(0);
      for (const span of [1, 4, 16, 64]) {
        expect(blocks.filter((b) => b.span === span).length).toBeLessThanOrEqual(6);
      }
      expect(blocks.filter((b) => b.span === 256).length).toBeLessThanOrEqual(1);
    }
  });

  it('uses the longest blocks that fit', () => {
    // 2026-03-08 is day 20520: a multiple of 4, not of 16.
    expect(salesBlocks('2026-03-08', '2026-03-11')).toEqual([{ span: 4, start: '2026-03-08' }]);
    expect(salesBlocks('2026-03-07', '2026-03-12')).toEqual([
      { span: 1, start: '2026-03-07' },
      { span: 4, start: '2026-03-08' },
      { span: 1, start: '2026-03-12' },
    ]);
  });
});

describe('daysOf', () => {
  it('names every day as the calendar does, across months, leap days and years', () => {
    const byDate = (from: string, to: string) => {
      const days: string[] = [];
      for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS)
        days.push(new Date(at).toISOString().slice(0, 10));
      return days;
    };
    for (const [from, to] of [
      ['1999-12-01', '2001-03-31'],
      ['2023-12-31', '2025-01-01'],
      ['2100-02-01', '2100-03-01'],
      ['2026-11-27', '2026-11-27'],
    ] as const) {
      expect(daysOf(from, to)).toEqual(byDate(from, to));
    }
    expect(daysOf('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});
