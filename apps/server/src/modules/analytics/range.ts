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

/** Every day from `from` to `to`, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) days.push(isoDay(at));
  return days;
}
