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

/** The day after `day`, or the day before it with a step of -1. */
const addDays = (day: string, step: number): string => isoDay(Date.parse(day) + step * DAY_MS);

/**
 * A range cut into its whole UTC months (first days `from` to before `until`, null when it holds
 * none) and the days at its edges outside them: together they cover every day exactly once.
 */
export function monthsAndEdges(
  from: string,
  to: string,
): { months: { from: string; until: string } | null; edges: { from: string; to: string }[] } {
  const firstMonth = from.endsWith('-01')
    ? from
    : `${addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
  const untilMonth = `${addDays(to, 1).slice(0, 7)}-01`;
  if (firstMonth >= untilMonth) return { months: null, edges: [{ from, to }] };
  const edges = [
    { from, to: addDays(firstMonth, -1) },
    { from: untilMonth, to },
  ].filter((edge) => edge.from <= edge.to);
  return { months: { from: firstMonth, until: untilMonth }, edges };
}
