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
 * The range's channel series (SummaryRows.series) as the summary's sales section: every day with
 * its channels in id order, the channel split and the totals, money added exactly (exactSums).
 */
export function salesSummary(
  range: { from: string; to: string },
  currency: string,
  series: ChannelSeriesRow[],
  top: TopVariantRow[],
  names: Names,
): Omit<SalesSummary, 'firstSaleDay' | 'revenueByCurrency'> {
  const { days, channels, units, revenue } = exactSums(daysOf(range.from, range.to), series);
  return {
    totals: { units, revenue },
    estimated: {
      units: series.reduce((sum, c) => sum + Number(c.estimated_units), 0),
      revenue: addDecimals(series.map((c) => c.estimated_revenue)),
      note: estimatedNote(currency),
    },
    unvaluedUnits: series.reduce((sum, c) => sum + Number(c.unvalued_units), 0),
    days,
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

type DayChannel = SalesSummary['days'][number]['channels'][number];
type ChannelSales = Pick<SalesSummary['channels'][number], 'connectionId' | 'units' | 'revenue'>;

/**
 * Every day's channels, each channel's total and the range's, from the series' parallel arrays.
 * A 366-day range adds about 1,500 values: as numbers of hundredths; past 2^53 (not seen in
 * practice, but numeric(16,2) allows it) all again as BigInt.
 */
export function exactSums(
  dayNames: string[],
  series: ChannelSeriesRow[],
): { days: SalesSummary['days']; channels: ChannelSales[]; units: number; revenue: string } {
  try {
    return sumsWith(asNumbers, dayNames, series);
  } catch (error) {
    if (!(error instanceof NotSafe)) throw error;
    return sumsWith(asBigInts, dayNames, series);
  }
}

function sumsWith<T>(money: Hundredths<T>, dayNames: string[], series: ChannelSeriesRow[]) {
  // Channels in id order (lowercase UUIDs: code unit order), so each day's list is in id order.
  const ordered = [...series].sort((a, b) =>
    a.connection_id < b.connection_id ? -1 : a.connection_id > b.connection_id ? 1 : 0,
  );
  const perDay: Array<Array<{ connectionId: string; units: number; revenue: T }>> = dayNames.map(
    () => [],
  );
  const channels: Array<{ connectionId: string; units: number; revenue: T }> = [];
  for (const row of ordered) {
    const channel = { connectionId: row.connection_id, units: 0, revenue: money.zero };
    for (let i = 0; i < row.days.length; i++) {
      const units = row.units[i]!;
      const revenue = money.of(row.revenue_whole[i]!, row.revenue_hundredths[i]!);
      channel.units += units;
      channel.revenue = money.add(channel.revenue, revenue);
      const day = perDay[row.days[i]!]!;
      // The same day twice (folded and pending) is this channel's last entry of that day.
      const last = day[day.length - 1];
      if (last?.connectionId === row.connection_id) {
        last.units += units;
        last.revenue = money.add(last.revenue, revenue);
      } else day.push({ connectionId: row.connection_id, units, revenue });
    }
    channels.push(channel);
  }
  let total = money.zero;
  for (const c of channels) total = money.add(total, c.revenue);
  return {
    days: dayNames.map((day, i) => {
      let units = 0;
      let revenue = money.zero;
      const list: DayChannel[] = perDay[i]!.map((c) => {
        units += c.units;
        revenue = money.add(revenue, c.revenue);
        return { connectionId: c.connectionId, units: c.units, revenue: money.format(c.revenue) };
      });
      return { day, units, revenue: money.format(revenue), channels: list };
    }),
    channels: channels.map((c) => ({ ...c, revenue: money.format(c.revenue) })),
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

/** A decimal string with two places and at most 15 digits: exact as a number of cents. */
const SHORT_DECIMAL = /^-?\d{1,13}\.\d\d$/;

/**
 * Sums decimal strings with two places exactly: as a number of cents while every value and sum
 * is a safe integer (a 366-day summary adds 1,500 of them: BigInt cost 4 ms), else as BigInt.
 */
export function addDecimals(values: string[]): string {
  let cents = 0;
  for (const value of values) {
    if (!SHORT_DECIMAL.test(value)) return addDecimalsBig(values);
    cents += Number(value.replace('.', ''));
    if (!Number.isSafeInteger(cents)) return addDecimalsBig(values);
  }
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - rest) / 100}.${String(rest).padStart(2, '0')}`;
}

function addDecimalsBig(values: string[]): string {
  let cents = 0n;
  for (const value of values) {
    const negative = value.startsWith('-');
    const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
    const amount = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    cents += negative ? -amount : amount;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
