import { z } from 'zod';
import { platformSchema } from './catalog';
import { currencySchema } from './organizations';
import { syncLatencySchema } from './sync-latency';

export * from './sync-latency';

/* Analytics summary (issue 23): GET /v1/analytics/summary. Money is an exact decimal string. */

/** The range when none is asked for: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one summary covers (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** How many best-selling variants the summary lists. */
export const ANALYTICS_TOP_VARIANTS = 10;

export const analyticsMessages = {
  dateInvalid: 'must be a date written YYYY-MM-DD',
  reversed: 'to must be on or after from',
  tooLong: `The range can cover at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateParam = (field: string) =>
  z
    .string({ error: `${field} ${analyticsMessages.dateInvalid}` })
    .refine(isCalendarDate, `${field} ${analyticsMessages.dateInvalid}`)
    .optional();

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

export const analyticsSummaryQuerySchema = z
  .object({
    from: dateParam('from').describe('First day (UTC), YYYY-MM-DD; default 29 days before to'),
    to: dateParam('to').describe('Last day (UTC), YYYY-MM-DD; default today'),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to || !isCalendarDate(query.from) || !isCalendarDate(query.to))
      return;
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: analyticsMessages.reversed });
    else if (daysBetween(query.from, query.to) > ANALYTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: analyticsMessages.tooLong });
  });
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuerySchema>;

const money = z.string().describe('Exact decimal in the organisation currency, e.g. "1234.50"');
const count = z.number().int();

export const catalogueFiguresSchema = z.object({
  products: count,
  /** Products whose sync is on. */
  syncedProducts: count,
  variants: count,
  /** Sum over variants of max(0, quantity). */
  units: count,
  stockValueAtCost: money,
  stockValueAtPrice: money,
  potentialMargin: money.describe('stockValueAtPrice - stockValueAtCost'),
  /** Margin over value at price, in percent with one decimal; null when nothing is priced. */
  potentialMarginPercent: z.string().nullable(),
  missingSku: count,
  missingCost: count.describe('Variants whose cost is 0'),
  oversold: count.describe('Variants below 0'),
  lowStock: count.describe('Variants from 0 up to and including lowStockThreshold'),
  lowStockThreshold: count,
  /**
   * What the inventory's filters list, which the dashboard's cards show and link to (ADR 0060):
   * products, each counted once however many of its variants qualify.
   */
  filterTotals: z.object({
    oversold: count.describe('Products with a variant below 0 (the stock=oversold filter)'),
    lowStock: count.describe(
      'Products with a variant at or below lowStockThreshold, oversold ones included (stock=low)',
    ),
    missingSku: count.describe('Products with a variant without a SKU (missingSku=true)'),
    missingCost: count.describe('Products with a variant whose cost is 0 (missingCost=true)'),
  }),
});

export const salesFiguresSchema = z.object({ units: count, revenue: money });

/**
 * Sales per day over the range as parallel arrays, oldest day first: index i is the range's i-th
 * day, zeros on days without sales. Columns rather than an object per day and channel: a 366-day
 * answer was ~160 KB, two thirds of it each day repeating its channels' ids (docs/decisions/0059).
 */
export const dailySalesSchema = z.object({ units: z.array(count), revenue: z.array(money) });

export const salesChannelSchema = z.object({
  connectionId: z.uuid(),
  /** null for a connection that has since been removed. */
  platform: platformSchema.nullable(),
  alias: z.string().nullable(),
  units: count,
  revenue: money,
  /** This channel's sales on each day of the range (sales.daily.days). */
  daily: dailySalesSchema,
});

export const topVariantSchema = z.object({
  variantId: z.uuid(),
  /** null when the variant has since been deleted (its sales still count). */
  productId: z.uuid().nullable(),
  productTitle: z.string().nullable(),
  variantTitle: z.string().nullable(),
  sku: z.string().nullable(),
  units: count,
  revenue: money,
});

export const currencySalesSchema = z.object({
  currency: z.string().describe('ISO 4217 code, e.g. "GBP"'),
  units: count,
  revenue: z
    .string()
    .describe("Exact decimal in this currency: the orders' own prices, plus the estimated part"),
  /**
   * Part of units and revenue from orders without a price, valued at their variant's price,
   * which is in this currency (a channel's price) and not the organisation's.
   */
  estimatedUnits: count,
  estimatedRevenue: z.string().describe('Exact decimal in this currency'),
});

export const salesSummarySchema = z.object({
  /** The organisation's first recorded sale (any range), YYYY-MM-DD; null before one. */
  firstSaleDay: z.string().nullable(),
  totals: salesFiguresSchema,
  /** Part of the totals valued at the variant's price instead of the order's (see note). */
  estimated: salesFiguresSchema.extend({ note: z.string() }),
  /**
   * Units in the totals with no price in the organisation's currency (neither the order's nor
   * the variant's): not in the revenue, which would otherwise mix currencies. Their value is in
   * revenueByCurrency.
   */
  unvaluedUnits: count,
  /**
   * Sales per currency, nothing converted: order lines at their own prices, per order currency
   * (the organisation's currency first: totals minus estimated), then the others by code; and
   * orders without a price whose variant's price is in another currency, at that price
   * (estimatedUnits, estimatedRevenue).
   */
  revenueByCurrency: z
    .array(currencySalesSchema)
    .describe(
      "Sales per currency at the orders' prices, or the variant's when the order gave none and " +
        "the variant's price is not in the organisation's currency (not converted); the " +
        "organisation's currency first",
    ),
  /** Every day of the range (days, YYYY-MM-DD UTC) and every channel's sales on it. */
  daily: dailySalesSchema.extend({ days: z.array(z.string()) }),
  /** The channel split over the range, most units first, each with its sales per day. */
  channels: z.array(salesChannelSchema),
  topVariants: z.array(topVariantSchema),
});

export const connectionHealthSchema = z.object({
  connectionId: z.uuid(),
  platform: platformSchema,
  alias: z.string(),
  state: z.enum(['connected', 'sync_off', 'needs_reauth']),
  lastReconciledAt: z.string().nullable().describe('ISO 8601 time of the last full stock check'),
  pushesPending: count,
  /** Pushes the channel refused for good in the range (retried ones that went through are not). */
  pushesFailed: count,
});

export const syncHealthSchema = z.object({
  connected: count,
  syncOff: count,
  needsReauth: count,
  pushesPending: count,
  pushesFailed: count.describe('Pushes refused for good in the range, every connection'),
  saleToLastChannel: syncLatencySchema,
  connections: z.array(connectionHealthSchema),
});

export const analyticsSummaryResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: currencySchema,
  catalogue: catalogueFiguresSchema,
  sales: salesSummarySchema,
  sync: syncHealthSchema,
});
export type AnalyticsSummary = z.infer<typeof analyticsSummaryResponseSchema>;
export type CatalogueFigures = z.infer<typeof catalogueFiguresSchema>;
export type SalesSummary = z.infer<typeof salesSummarySchema>;
export type CurrencySales = z.infer<typeof currencySalesSchema>;
export type SyncHealth = z.infer<typeof syncHealthSchema>;
