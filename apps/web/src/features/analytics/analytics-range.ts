import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, daysBetween, isCalendarDate } from '@stocksync/contract';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

// The dashboard's range in its URL: `days` for a preset (default 30), or `from` and `to` (UTC
// days, YYYY-MM-DD) for a custom range. The router parses values as JSON, so `days` is a number.
export const analyticsRangeSearchSchema = z.object({
  days: z
    .number()
    .refine((value): value is RangePreset => (RANGE_PRESETS as readonly number[]).includes(value))
    .optional()
    .catch(undefined),
  from: z.coerce.string().refine(isCalendarDate).optional().catch(undefined),
  to: z.coerce.string().refine(isCalendarDate).optional().catch(undefined),
});
export type AnalyticsRangeSearch = z.infer<typeof analyticsRangeSearchSchema>;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today as a UTC day, the days the summary is counted in. */
export const todayUtc = (now = new Date()) => isoDay(now.getTime());

/** A custom range is used when both ends are valid, in order and not too long. */
export function isCustomRange(search: AnalyticsRangeSearch): boolean {
  const { from, to } = search;
  return Boolean(from && to && from <= to && daysBetween(from, to) <= ANALYTICS_MAX_DAYS);
}

/** The from/to the summary is asked for. */
export function rangeOf(search: AnalyticsRangeSearch, now = new Date()) {
  if (isCustomRange(search)) return { from: search.from!, to: search.to! };
  const days = search.days ?? 30;
  const to = todayUtc(now);
  return { from: isoDay(Date.parse(to) - (days - 1) * DAY_MS), to };
}
