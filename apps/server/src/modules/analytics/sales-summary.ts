import type { Platform } from '../../db/types';
import type { SalesSummary } from '@stocksync/contract';
import { asBigInts, asNumbers, NotSafe, type Hundredths } from './hundredths';
import { daysOf } from './range';
import type { ChannelSeriesRow, CurrencyRow } from './sales-repository';
import type { TopVariantRow } from './top-sellers-repository';

type Names = Map<string, { platform: Platform; alias: string }>;

export function estimatedNote(currency: string): string {
  return (
    `Units whose order gave no price in ${currency} (sales recorded before prices were kept, ` +
    'channels that report stock levels instead of orders, orders in another currency) are ' +
    `valued at the variant's price when the sale was recorded, if that price is in ${currency}. ` +
    "A price imported from a channel is in that channel's currency: units whose only price is " +
    `in another currency count in the units, not in the ${currency} revenue, and are shown ` +
    'with revenue by currency.'
  );
}

/**
 * The range's channel series (SummaryRows.series) as the summary's sales section: every day's
 * sales, the channel split with each channel's days, and the totals, money added exactly
 * (exactSums).
 */
export function salesSummary(
  range: { from: string; to: string },
  currency: string,
  series: ChannelSeriesRow[],
  top: TopVariantRow[],
  names: Names,
): Omit<SalesSummary, 'firstSaleDay' | 'revenueByCurrency'> {
  const { daily, channels, units, revenue } = exactSums(daysOf(range.from, range.to), series);
  return {
    totals: { units, revenue },
    estimated: {
      units: series.reduce((sum, c) => sum + Number(c.estimated_units), 0),
      revenue: addDecimals(series.map((c) => c.estimated_revenue)),
      note: estimatedNote(currency),
    },
    unvaluedUnits: series.reduce((sum, c) => sum + Number(c.unvalued_units), 0),
    daily,
    channels: channels
      .map((c) => ({
        ...c,
        platform: names.get(c.connectionId)?.platform ?? null,
        alias: names.get(c.connectionId)?.alias ?? null,
      }))
      .sort((a, b) => b.units - a.units || a.connectionId.localeCompare(b.connectionId)),
    topVariants: top.map((t) => ({
      variantId: t.variant_id,
      productId: t.product_id,
      productTitle: t.product_title,
      variantTitle: t.variant_title,
      sku: t.sku,
      units: Number(t.units),
      revenue: t.revenue,
    })),
  };
}

type ChannelSales = Pick<
  SalesSummary['channels'][number],
  'connectionId' | 'units' | 'revenue' | 'daily'
>;

/**
 * The range's sales per day (every channel's and all channels'), each channel's total and the
 * range's, from the series' parallel arrays. A 366-day range adds about 1,500 values: as numbers
 * of hundredths; past 2^53 (not seen in practice, but numeric(16,2) allows it) all again as BigInt.
 */
export function exactSums(
  dayNames: string[],
  series: ChannelSeriesRow[],
): { daily: SalesSummary['daily']; channels: ChannelSales[]; units: number; revenue: string } {
  try {
    return sumsWith(asNumbers, dayNames, series);
  } catch (error) {
    if (!(error instanceof NotSafe)) throw error;
    return sumsWith(asBigInts, dayNames, series);
  }
}

function sumsWith<T>(money: Hundredths<T>, dayNames: string[], series: ChannelSeriesRow[]) {
  const dayUnits = new Array<number>(dayNames.length).fill(0);
  const dayRevenue = new Array<T>(dayNames.length).fill(money.zero);
  let total = money.zero;
  const channels = series.map((row) => {
    const units = new Array<number>(dayNames.length).fill(0);
    const revenue = new Array<T>(dayNames.length).fill(money.zero);
    let channelUnits = 0;
    let channelRevenue = money.zero;
    // A day may come twice (folded and still pending): both add to it.
    for (let i = 0; i < row.days.length; i++) {
      const day = row.days[i]!;
      const sold = row.units[i]!;
      const amount = money.of(row.revenue[i]!);
      units[day] = units[day]! + sold;
      revenue[day] = money.add(revenue[day]!, amount);
      dayUnits[day] = dayUnits[day]! + sold;
      dayRevenue[day] = money.add(dayRevenue[day]!, amount);
      channelUnits += sold;
      channelRevenue = money.add(channelRevenue, amount);
    }
    total = money.add(total, channelRevenue);
    return {
      connectionId: row.connection_id,
      units: channelUnits,
      revenue: money.format(channelRevenue),
      daily: { units, revenue: revenue.map(money.format) },
    };
  });
  return {
    daily: { days: dayNames, units: dayUnits, revenue: dayRevenue.map(money.format) },
    channels,
    units: channels.reduce((sum, c) => sum + c.units, 0),
    revenue: money.format(total),
  };
}

/**
 * The range's sales per currency (CurrencyRow), nothing converted: the organisation's currency
 * first, then the others by code.
 */
export function revenueByCurrency(
  rows: CurrencyRow[],
  organizationCurrency: string,
): SalesSummary['revenueByCurrency'] {
  return rows
    .map((r) => ({
      currency: r.currency,
      units: Number(r.units),
      revenue: r.revenue,
      estimatedUnits: Number(r.estimated_units),
      estimatedRevenue: r.estimated_revenue,
    }))
    .sort(
      (a, b) =>
        Number(b.currency === organizationCurrency) - Number(a.currency === organizationCurrency) ||
        a.currency.localeCompare(b.currency),
    );
}

/** Sums decimal strings exactly (a few: one per channel). */
export function addDecimals(values: string[]): string {
  return asBigInts.format(values.reduce((sum, value) => sum + asBigInts.of(value), 0n));
}
