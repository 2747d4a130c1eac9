import { ANALYTICS_DEFAULT_DAYS, type AnalyticsSummaryQuery } from '@stocksync/contract';

const DAY_MS = 86_400_000;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The range a summary covers (UTC days, both ends included): `to` defaults to today, `from` to 29
 * days before `to` (or, with only `from` given, `to` to 29 days after it). The contract has checked
 * the dates, their order and the length.
 */
export function summaryRange(
  query: AnalyticsSummaryQuery,
  now: Date,
): { from: string; to: string } {
  const span = (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: isoDay(Date.parse(query.from) + span) };
  const to = query.to ?? isoDay(now.getTime());
  return { from: isoDay(Date.parse(to) - span), to };
}

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Every day from `from` to `to` (YYYY-MM-DD), oldest first, counted on the calendar: a Date and
 * its ISO string per day were a twentieth of a 366-day summary's Node time.
 */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  let [year, month, day] = from.split('-').map(Number) as [number, number, number];
  for (let left = (Date.parse(to) - Date.parse(from)) / DAY_MS; left >= 0; left--) {
    days.push(`${year}-${pad(month)}-${pad(day)}`);
    if (++day > daysInMonth(year, month)) {
      day = 1;
      if (++month > 12) [month, year] = [1, year + 1];
    }
  }
  return days;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [4, 6, 9, 11].includes(month) ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** The spans of the per-variant sales blocks, longest first (migration 0060). */
export const BLOCK_SPANS = [256, 64, 16, 4, 1] as const;

/** A block of the per-variant sales: `span` days from `start`. */
export interface SalesBlock {
  span: number;
  start: string;
}

/**
 * A range cut into aligned blocks (a block of `span` days starts on a day whose number since
 * 1970-01-01 is a multiple of `span`): at each day the longest block that starts there and ends
 * within the range. Together they cover every day exactly once; a range of at most 366 days is at
 * most 3 blocks of each span on either side and one of 256 days.
 */
export function salesBlocks(from: string, to: string): SalesBlock[] {
  const blocks: SalesBlock[] = [];
  const end = Date.parse(to) / DAY_MS + 1;
  for (let at = Date.parse(from) / DAY_MS; at < end;) {
    const span = BLOCK_SPANS.find((s) => at % s === 0 && at + s <= end)!;
    blocks.push({ span, start: isoDay(at * DAY_MS) });
    at += span;
  }
  return blocks;
}
